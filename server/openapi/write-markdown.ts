/** `npm run docs:api`: writes docs/api.md from the OpenAPI document. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiDocument } from '../routes/api';
import { renderApiMarkdown } from './markdown';

/** Where the contract lives in the repository. */
export const API_MARKDOWN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/api.md');

fs.mkdirSync(path.dirname(API_MARKDOWN), { recursive: true });
fs.writeFileSync(API_MARKDOWN, renderApiMarkdown(apiDocument()));
console.log(`Wrote ${path.relative(process.cwd(), API_MARKDOWN)}`);
