// Kept only for lib/db until issue 45's part that rewrites the rows lands: its imports move to lib/contract then,
// and this file goes. Nothing else imports it.
export { lazySchema } from '@/lib/contract/lazy-schema';
