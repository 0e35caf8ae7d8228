/**
 * The background's folders and their imports (`node --import tsx scripts/background-graph.ts`): folder → folder
 * edges among entrypoints/background's folders (a file at its root counts as its own node), and whether they
 * form a loop. Type imports count, as in check-imports.
 */
import path from 'node:path';
import madge from 'madge';

const ROOT = 'entrypoints/background/';

const result = await madge(ROOT, {
  fileExtensions: ['ts', 'tsx'],
  tsConfig: { compilerOptions: { baseUrl: '.', moduleResolution: 'bundler', paths: { '@/*': ['./*'] } } },
  baseDir: '.',
});
const graph = result.obj();

/** A file's node: its first folder under the background, or the file itself at the root. */
function node(file: string): string | null {
  if (!file.startsWith(ROOT)) return null;
  const rest = file.slice(ROOT.length);
  return rest.includes('/') ? `${rest.split('/')[0]}/` : path.posix.basename(rest);
}

const edges = new Map<string, Set<string>>();
for (const [file, deps] of Object.entries(graph)) {
  const from = node(file);
  if (from === null) continue;
  for (const dep of deps) {
    const to = node(dep);
    if (to === null || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from)?.add(to);
  }
}

for (const from of [...edges.keys()].sort()) console.log(`${from} → ${[...(edges.get(from) ?? [])].sort().join(', ')}`);

// The loops: each group of folders that reach one another (strongly connected components, Tarjan).
const index = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const groups: string[][] = [];
function connect(at: string): void {
  index.set(at, index.size);
  low.set(at, index.get(at) ?? 0);
  stack.push(at);
  for (const next of edges.get(at) ?? []) {
    if (!index.has(next)) {
      connect(next);
      low.set(at, Math.min(low.get(at) ?? 0, low.get(next) ?? 0));
    } else if (stack.includes(next)) low.set(at, Math.min(low.get(at) ?? 0, index.get(next) ?? 0));
  }
  if (low.get(at) !== index.get(at)) return;
  const group: string[] = [];
  for (let top = stack.pop(); top !== undefined; top = at === top ? undefined : stack.pop()) group.push(top);
  if (group.length > 1) groups.push(group.sort());
}
for (const start of [...edges.keys()].sort()) if (!index.has(start)) connect(start);
console.log(
  groups.length === 0
    ? 'no loop between folders'
    : `folders in a loop (each group reaches itself):\n${groups.map((g) => `  ${g.join(', ')}`).join('\n')}`,
);
