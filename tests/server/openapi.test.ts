/**
 * The OpenAPI document at /api/openapi.json (server/openapi.ts) against the app itself: every route the app registers
 * is in it with every answer its schema declares plus the error answers any call may give, it is a valid OpenAPI 3.1
 * document, and real answers match the schemas it gives for them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { seedSampleHotels } from '../../server/content/seed.ts';
import { createTestDatabase, newHotelStay, TEST_FRONT_TOKEN, type TestDatabase } from './harness.ts';

interface Answer {
  description: string;
  content?: { 'application/json': { schema: object } };
}
interface Operation {
  responses: Record<string, Answer>;
  security?: Record<string, string[]>[];
}
type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object>; securitySchemes: Record<string, object> };
};

interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema & { hide?: boolean };
}

const ERROR_ANSWER = { $ref: '#/components/schemas/ErrorBody' };

let database: TestDatabase;
let app: FastifyInstance;
let staticDir: string;
let document: OpenApiDocument;
const routes: RegisteredRoute[] = [];

beforeAll(async () => {
  database = await createTestDatabase('sqlite');
  await seedSampleHotels(database.handle.db);
  // A built app's folder, so that the page and static file routes are registered too.
  staticDir = mkdtempSync(join(tmpdir(), 'gm-openapi-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>GreenMiles</title>');
  app = await buildApp({
    db: database.handle.db,
    kind: database.handle.kind,
    frontToken: TEST_FRONT_TOKEN,
    staticDir,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema ?? {} });
    },
  });
  const answer = await app.inject('/api/openapi.json');
  expect(answer.statusCode).toBe(200);
  document = answer.json();
});

afterAll(async () => {
  await app.close();
  await database.drop();
  rmSync(staticDir, { recursive: true, force: true });
});

/** The routes the document must have: all but the docs' own and the static files (they hide themselves) and the page. */
function apiRoutes(): RegisteredRoute[] {
  return routes.filter(({ url, schema }) => schema.hide !== true && url !== '/' && url !== '/index.html');
}

/** `/api/stays/:sUUID` as OpenAPI writes it, `/api/stays/{sUUID}`. */
const pathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('has every registered route, with every answer its schema declares and the error answers of any call', () => {
    expect(apiRoutes().length).toBeGreaterThan(30);
    expect(routes.some((route) => route.url.startsWith('/api/docs'))).toBe(true);
    for (const { method, url, schema } of apiRoutes()) {
      const call = `${method} ${url}`;
      const operation = document.paths[pathOf(url)]?.[method.toLowerCase()];
      expect(operation, `${call} is missing from the document`).toBeDefined();
      if (!operation || !url.startsWith('/api/')) continue;
      // A server fault or the database may fail any call; a body may be too large or not JSON.
      const common = schema.body === undefined ? ['500', '503'] : ['413', '415', '500', '503'];
      const declared = Object.keys(schema.response ?? {});
      expect(Object.keys(operation.responses).sort(), call).toEqual([...new Set([...declared, ...common])].sort());
      expect(
        declared.some((status) => status.startsWith('2')),
        `${call} declares no success`,
      ).toBe(true);
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(answer.content?.['application/json'].schema, `${call} ${status}`).toEqual(ERROR_ANSWER);
      }
    }
  });

  it('names the credentials each call needs: the staff session on staff calls, the front token where required', () => {
    const operation = (method: string, path: string) => document.paths[path]?.[method];
    expect(operation('post', '/api/staff/sessions')?.security).toBeUndefined();
    expect(operation('get', '/api/staff/hotels/{hId}/summary')?.security).toEqual([{ staffSession: [] }]);
    expect(operation('put', '/api/staff/hotels/{hId}/content')?.security).toEqual([{ staffSession: [] }]);
    expect(operation('put', '/api/stays/{sUUID}/terminate')?.security).toEqual([{ staffSession: [], frontToken: [] }]);
    expect(operation('get', '/api/actions/{actId}')?.security).toEqual([{ frontToken: [] }]);
    // The hotel's info is read with or without the front token.
    expect(operation('get', '/api/green/hotels/{hId}')?.security).toEqual([{}, { frontToken: [] }]);
    expect(operation('get', '/api/stays/{sUUID}')?.security).toBeUndefined();
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['frontToken', 'staffSession']);
  });

  it('gives the audit trail’s CSV export its own media type, a staff call whose refusals stay JSON', () => {
    const operation = document.paths['/api/staff/hotels/{hId}/audit.csv']?.get;
    expect(Object.keys(operation?.responses['200']?.content ?? {})).toEqual(['text/csv']);
    expect(Object.keys(operation?.responses['403']?.content ?? {})).toEqual(['application/json']);
    expect(operation?.security).toEqual([{ staffSession: [] }]);
  });

  it('gives the printable QR sheet its own media type, a staff call whose refusals stay JSON', () => {
    const operation = document.paths['/api/staff/hotels/{hId}/qr-sheet.pdf']?.get;
    expect(Object.keys(operation?.responses['200']?.content ?? {})).toEqual(['application/pdf']);
    expect(Object.keys(operation?.responses['404']?.content ?? {})).toEqual(['application/json']);
    expect(operation?.security).toEqual([{ staffSession: [] }]);
  });

  it('gives the certification dossier’s CSV and PDF their own media types, staff calls whose refusals stay JSON', () => {
    for (const [file, type] of [
      ['certification.csv', 'text/csv'],
      ['certification.pdf', 'application/pdf'],
    ]) {
      const operation = document.paths[`/api/staff/hotels/{hId}/${file}`]?.get;
      expect(Object.keys(operation?.responses['200']?.content ?? {}), file).toEqual([type]);
      expect(Object.keys(operation?.responses['400']?.content ?? {}), file).toEqual(['application/json']);
      expect(operation?.security, file).toEqual([{ staffSession: [] }]);
    }
  });

  it('is a valid OpenAPI 3.1 document, titled and versioned as the package', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('GreenMiles API');
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
    expect(document.info.version).toBe(version);
  });

  it("has a reference page at /api/docs that works under the guest pages' Content-Security-Policy", async () => {
    const guestPage = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    const docsPage = await app.inject('/api/docs');
    expect(docsPage.statusCode).toBe(200);
    expect(docsPage.headers['content-type']).toContain('text/html');
    expect(docsPage.headers['content-security-policy']).toBe(guestPage.headers['content-security-policy']);
    // The policy allows no inline script or style sheet: the page has only files of its own.
    expect(docsPage.body).not.toMatch(/<script(?![^>]*\ssrc=)|<style/);
    const scripts = [...docsPage.body.matchAll(/<script src="([^"]+)"/g)].map(([, src]) => src ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith('/api/docs/static/'), src).toBe(true);
      expect((await app.inject(src)).statusCode, src).toBe(200);
    }
  });

  it('gives schemas that real answers match: a stay creation and read, an actions list, a 404 and a 400', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajvFormats.default(ajv);
    /** Checks the answer against the document's schema of that call and status. */
    const expectMatch = async (method: string, path: string, url: string, expectedStatus: number, payload?: object) => {
      const answer = await app.inject({ method: method.toUpperCase() as 'GET' | 'POST', url, payload });
      expect(answer.statusCode, answer.body).toBe(expectedStatus);
      const schema = document.paths[path]?.[method]?.responses[String(expectedStatus)]?.content?.['application/json'];
      expect(schema, `${method} ${path} ${expectedStatus}`).toBeDefined();
      // The schema with the document's components, which its `$ref`s point into.
      const validate = ajv.compile({ ...schema?.schema, components: document.components });
      expect(validate(answer.json()), JSON.stringify(validate.errors)).toBe(true);
      return answer.json();
    };

    await expectMatch('post', '/api/stays/hotel/{hId}/new', '/api/stays/hotel/1/new', 201, {});
    const { sUUID, profileUUID } = await newHotelStay(app, 2);
    await expectMatch('get', '/api/stays/{sUUID}', `/api/stays/${sUUID}?uuid=${profileUUID}`, 200);
    const actions = await expectMatch(
      'get',
      '/api/stays/{sUUID}/actions',
      `/api/stays/${sUUID}/actions?lang=fr&uuid=${profileUUID}`,
      200,
    );
    expect(actions.length).toBeGreaterThan(0);
    const missing = await expectMatch('get', '/api/stays/{sUUID}', `/api/stays/nostay?uuid=${profileUUID}`, 404);
    expect(missing.error).toBe('not_found');
    const invalid = await expectMatch('get', '/api/stays/{sUUID}', `/api/stays/${sUUID}?uuid=not-a-uuid`, 400);
    expect(invalid.error).toBe('bad_request');
  });
});
