// Writes dist/openapi-parts.json: the parts of the OpenAPI document each served operation gives (its
// schemas converted, its example's envelope), made by the built package itself (`openApiParts` of
// src/http/openapi.ts). finplan/node reads them back when the first document is built
// (`seedBuiltOpenApiParts`), so that `finplan openapi` and the first GET /openapi.json of a Node server
// (`finplan serve` among them) do not run every example again; without the file they are
// made on demand, to the same bytes. Run by the build (tsup.config.ts, onSuccess).
//
//   node scripts/openapi-parts.mjs
import { writeFileSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
const { servedRegistry } = await import(new URL('served-operations.js', dist).href);
const { openApiParts } = await import(new URL('http/openapi.js', dist).href);
writeFileSync(new URL('openapi-parts.json', dist), JSON.stringify(openApiParts(servedRegistry.operations)));
