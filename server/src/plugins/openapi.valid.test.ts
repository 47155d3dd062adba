import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());

describe('GET /api/openapi.json against a standard validator', () => {
  it('is a valid OpenAPI document, every path included (client generators read it)', async () => {
    const admin = await t.login('config_admin@demo.test');
    const response = await admin.get('/api/openapi.json');
    expect(response.statusCode, response.body).toBe(200);
    const document = response.json();
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(30);
    // validate() dereferences the document in place: give it a copy. Its schema check reports
    // every path at fault at once (one validator run over the whole document; per path it is slow).
    let problem = '';
    try {
      await SwaggerParser.validate(structuredClone(document));
    } catch (error) {
      problem = (error as Error).message;
    }
    expect(problem).toBe('');
  });
});
