// Any Fetch runtime: Bun, Deno, Cloudflare Workers, Next.js route handlers.
//   Bun:     bun examples/fetch-runtime.mjs        (Bun serves a default export with a fetch method)
//   Deno:    Deno.serve(handler)
//   Workers: export default { fetch: handler }
//   Next.js: app/v1/[...path]/route.js -> export const POST = handler;
import { createHandler } from 'finplan/http';

export const handler = createHandler({ apiKeys: [globalThis.process?.env?.FINPLAN_KEY ?? 'change-me'] });
export default { fetch: handler };
