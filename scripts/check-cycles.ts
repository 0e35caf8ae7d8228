/**
 * Fails on an import cycle between any two files of the repo (type imports included: a cycle of types is
 * still two modules that cannot be read apart). `npm test` runs it; `npm run cycles` alone.
 */
import madge from 'madge';

const floors = ['entrypoints', 'components', 'lib', 'emulator', 'scripts', 'testing', 'test', 'wxt.config.ts'];

const result = await madge(floors, {
  fileExtensions: ['ts', 'tsx'],
  // The `@/` alias as WXT declares it (.wxt/tsconfig.json), which madge's resolver cannot follow through `extends`.
  tsConfig: { compilerOptions: { baseUrl: '.', moduleResolution: 'bundler', paths: { '@/*': ['./*'] } } },
  excludeRegExp: [/node_modules/, /^\.output/, /^\.wxt/],
});

const cycles = result.circular();
const files = Object.keys(result.obj()).length;
if (cycles.length === 0) {
  console.log(`No import cycle among ${files} files.`);
} else {
  console.error(`${cycles.length} import cycle(s) among ${files} files:`);
  for (const [i, cycle] of cycles.entries()) console.error(`${i + 1}) ${[...cycle, cycle[0]].join(' > ')}`);
  process.exitCode = 1;
}
