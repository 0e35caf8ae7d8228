export default defineBackground(() => {
  // Listeners are registered synchronously here; each job lives in its own module.
});
