import type { ComponentChildren } from 'preact';

/** A section's heading at the level its place needs: under the view's h1 an h2, under a named result an h3. */
export type HeadingLevel = 2 | 3;

export function SubHeading({ level, children }: { level: HeadingLevel; children: ComponentChildren }) {
  return level === 2 ? <h2>{children}</h2> : <h3>{children}</h3>;
}
