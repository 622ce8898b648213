// Any Fetch runtime: Bun, Deno, Cloudflare Workers, Next.js route handlers.
import { createHandler } from 'finplan/http';

const handler = createHandler({ apiKeys: [globalThis.process?.env?.FINPLAN_KEY ?? 'change-me'] });

// Cloudflare Workers / Bun: export default { fetch: handler };
// Deno: Deno.serve(handler);
// Next.js (app/v1/[...path]/route.js): export const POST = handler;
export default { fetch: handler };
