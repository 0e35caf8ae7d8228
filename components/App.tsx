export function App() {
  return (
    <main>
      <h1>Agent Connection</h1>
    </main>
  );
}
