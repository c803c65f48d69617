/**
 * Writes the JSON Schemas of the v20260309 calculation request and response, derived from
 * the zod schemas the library validates with, into dist/schema/, and the OpenAPI document of
 * `taxrules/http` into dist/openapi.json (both published with the package).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { requestSchemas, responseSchemas } from '../src/adapters/schemas.js';
import { openApiDocument } from './openapi.js';

const dir = 'dist/schema/v20260309';
mkdirSync(dir, { recursive: true });
for (const [name, schema, io] of [
  ['calculation-request', requestSchemas().request, 'input'],
  ['calculation-response', responseSchemas().response, 'output'],
] as const) {
  const json = { ...z.toJSONSchema(schema, { io, target: 'draft-2020-12' }), title: `taxrules ${name} (API version 20260309)` };
  writeFileSync(`${dir}/${name}.schema.json`, `${JSON.stringify(json, null, 2)}\n`);
}
console.log(`wrote ${dir}/calculation-{request,response}.schema.json`);

writeFileSync('dist/openapi.json', `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log('wrote dist/openapi.json');
