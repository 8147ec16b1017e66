import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import type { ApiAnswer, Client } from './platform.ts';

/**
 * Real answers against the OpenAPI document the edge serves (docs/api/openapi.md): each answer
 * must match the schema documented for its route and HTTP status.
 */
export type OpenApiDocument = {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};

export const openApiPath = (path: string) => path.replace(/[:*]([A-Za-z0-9_]+)/g, '{$1}');

const pointer = (...segments: string[]) => segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export const openApiChecker = async (baseUrl: string) => {
  const answer = await fetch(`${baseUrl}/api/openapi.json`);
  expect(answer.status).toBe(200);
  const document = (await answer.json()) as OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ ...document, $id: 'openapi' });
  /** `METHOD /template` of every route an answer was checked for. */
  const checked = new Set<string>();
  const seen: Record<string, unknown> = {};

  /** The documented route a concrete path falls under (`/file/abc` → `/api/v1/uav/file/{id}`). */
  const templateOf = (method: string, path: string) => {
    const bare = path.split('?')[0]!;
    const found = Object.keys(document.paths).find(
      (template) =>
        document.paths[template]![method.toLowerCase()] &&
        new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare),
    );
    if (!found) throw new Error(`${method} ${bare} is not in the document`);
    return found;
  };

  /** Checks one real answer against the schema documented for its route and HTTP status. */
  const conforms = (method: string, path: string, answer: { status: number; body: unknown }) => {
    const template = templateOf(method, path);
    const op = method.toLowerCase();
    const responses = document.paths[template]![op]!.responses;
    expect(Object.keys(responses), `${method} ${template} documents HTTP ${answer.status}`).toContain(
      String(answer.status),
    );
    const ref = `openapi#/${pointer('paths', template, op, 'responses', String(answer.status), 'content', 'application/json', 'schema')}`;
    const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
    const valid = validate(answer.body);
    expect(valid, `${method} ${template} ${answer.status}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    checked.add(`${method} ${template}`);
    seen[`${method} ${path} ${answer.status}`] = answer.body;
  };

  const get = async (client: Client, path: string, init?: Parameters<Client['get']>[1]) => {
    const answer = await client.get(path, init);
    conforms('GET', path, answer);
    return answer;
  };
  const post = async (client: Client, path: string, body?: unknown, init?: Parameters<Client['post']>[2]) => {
    const answer: ApiAnswer = await client.post(path, body, init);
    conforms('POST', path, answer);
    return answer;
  };

  return { document, checked, seen, templateOf, conforms, get, post };
};
export type OpenApiChecker = Awaited<ReturnType<typeof openApiChecker>>;
