/**
 * Checks API answers against the OpenAPI document: the test helpers run every answer through
 * `checkAnswer`, so each API test also proves the document (generated from the routes) describes
 * what the server says: the status, the content type, and a JSON body's schema.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import type { OpenApiDocument } from '../../server/openapi/document';
import { apiDocument } from '../../server/routes/api';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const DOC_ID = 'openapi.json';

interface ResponseObject {
  content?: Record<string, { schema?: unknown }>;
}
interface Operation {
  responses?: Record<string, ResponseObject>;
}

/** The validator of OpenAPI 3.1 schemas (JSON Schema 2020-12 with the keywords OpenAPI adds). */
export function schemaValidator(): Ajv2020 {
  // `binary` marks file parts of forms: nothing for a JSON validator to check.
  const ajv = new Ajv2020({ allErrors: true, strict: true, formats: { binary: true } });
  ajv.addKeyword('example');
  return ajv;
}

/**
 * The document's schemas with their `#/components/schemas/X` references pointing at `$defs`
 * of one schema (`${DOC_ID}`): ajv, strict, accepts a schema but not a whole OpenAPI document.
 */
export function withSchemaRefs<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replace(/"#\/components\/schemas\//g, `"${DOC_ID}#/$defs/`)) as T;
}

/** Adds the document's component schemas to `ajv`, as `${DOC_ID}#/$defs/X`. */
export function addComponents(ajv: Ajv2020, doc: OpenApiDocument): void {
  ajv.addSchema({ $id: DOC_ID, $defs: withSchemaRefs(doc.components?.schemas ?? {}) });
}

/** `/api/common/products/{id}` → a pattern for its paths (a trailing slash is the same path). */
function pathPattern(template: string): RegExp {
  const escaped = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${escaped}/?$`);
}

/** Does `type` (an answer's Content-Type) fall under `declared` (a media type or range of the document)? */
function mediaTypeMatches(type: string, declared: string): boolean {
  const essence = type.split(';')[0]!.trim().toLowerCase();
  if (declared === '*/*') return true;
  if (declared.endsWith('/*')) return essence.startsWith(declared.slice(0, -1));
  return essence === declared.toLowerCase();
}

export interface AnswerChecker {
  /**
   * Throws when an answer of a documented operation does not match the document: a status it
   * does not list (and no `default`), a body of a content type it does not give that answer (or a
   * body where it gives none), or a JSON body its schema refuses. Answers of undocumented paths or
   * methods are not checked. Answers true when a JSON body was validated.
   */
  check(method: string, url: string, answer: { status: number; headers: Headers; body: unknown }): boolean;
}

export function answerChecker(doc: OpenApiDocument = apiDocument()): AnswerChecker {
  const ajv = schemaValidator();
  addComponents(ajv, doc);
  const paths = Object.entries((doc.paths ?? {}) as Record<string, Record<string, Operation>>)
    // Literal paths before templated ones: /cart/add is not /cart/{id}.
    .sort(([a], [b]) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))
    .map(([template, item]) => ({ template, item, pattern: pathPattern(template) }));
  const validators = new Map<string, ValidateFunction>();

  return {
    check(method, url, answer) {
      const lower = method.toLowerCase() as (typeof METHODS)[number];
      if (!METHODS.includes(lower)) return false;
      const path = new URL(url, 'http://shop.test').pathname;
      const found = paths.find((p) => p.pattern.test(path) && p.item[lower]);
      if (!found) return false;
      const type = answer.headers.get('content-type') ?? '';
      const where = `${method.toUpperCase()} ${found.template} → ${answer.status}`;
      const responses = found.item[lower]!.responses ?? {};
      const status = String(answer.status) in responses ? String(answer.status) : 'default';
      if (!responses[status]) throw new Error(`${where}: the OpenAPI document lists no such answer`);
      const content = responses[status].content ?? {};
      const json = /^application\/json\b/i.test(type);
      const hasBody = !(typeof answer.body === 'string' && answer.body === '');
      if (hasBody && !Object.keys(content).some((declared) => mediaTypeMatches(type, declared))) {
        const what = json ? 'JSON body' : `body of type ${type || '(none)'}`;
        throw new Error(`${where}: the OpenAPI document gives this answer no ${what}`);
      }
      const schema = content['application/json']?.schema;
      if (!json || !schema) return false;
      const key = `${lower} ${found.template} ${status}`;
      let validate = validators.get(key);
      if (!validate) {
        validate = ajv.compile(withSchemaRefs(schema as object));
        validators.set(key, validate);
      }
      if (!validate(answer.body)) {
        const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`).join('; ');
        throw new Error(
          `${where}: the body does not match the OpenAPI document: ${problems}\n${JSON.stringify(answer.body).slice(0, 500)}`,
        );
      }
      return true;
    },
  };
}

let shared: AnswerChecker | null = null;
/** Answers checked so far in this test file (proof that the helpers' check runs). */
export const checkedAnswers = { count: 0 };

/** Checks one answer with the document the app serves (see AnswerChecker.check). */
export function checkAnswer(method: string, url: string, answer: { status: number; headers: Headers; body: unknown }) {
  shared ??= answerChecker();
  if (shared.check(method, url, answer)) checkedAnswers.count += 1;
}
