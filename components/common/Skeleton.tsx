/** A placeholder in the shape of what is loading, in place of a bare "Loading…"; the words are still read. */
export function Skeleton({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div role="status" class="skeleton">
      <span class="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} class="skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}
