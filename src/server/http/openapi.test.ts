import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { openDb, type Database } from "../db/client";
import { testDeps } from "../testing/deps";
import { ErrorBody } from "./errors";
import { errorResponses, jsonContent } from "./openapi";

describe("OpenAPI helpers", () => {
  it("declare each error status with the one error body and what the status means", () => {
    const responses = errorResponses(401, 404);
    expect(Object.keys(responses)).toEqual(["401", "404"]);
    expect(responses[404]).toEqual(jsonContent(ErrorBody, "Not found"));
    expect(responses[401]!.content["application/json"].schema).toBe(ErrorBody);
  });
});

type Schema = { $ref?: string; required?: string[]; allOf?: Schema[] };
type Response = { description: string; content?: Record<string, { schema: Schema }> };
type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
  components: { schemas: Record<string, Schema> };
};

describe("the published OpenAPI document", () => {
  let database: Database;
  let doc: Doc;
  beforeAll(async () => {
    database = await openDb({ memory: true });
    doc = (await (await createApp(testDeps(database)).request("/api/openapi.json")).json()) as Doc;
  });
  afterAll(() => database.close());

  /** Required properties of a schema, through references and `allOf` (an extended error body). */
  const requiredOf = (schema: Schema): string[] => {
    if (schema.$ref) return requiredOf(doc.components.schemas[schema.$ref.replace("#/components/schemas/", "")] ?? {});
    return [...(schema.required ?? []), ...(schema.allOf ?? []).flatMap(requiredOf)];
  };

  const errorResponsesOf = () =>
    Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, op]) =>
        Object.entries(op.responses)
          .filter(([status]) => Number(status) >= 400)
          .map(([status, response]) => ({ where: `${method.toUpperCase()} ${path} ${status}`, response })),
      ),
    );

  it("gives every error response the error body ({ message, code }) and a description of its own", () => {
    // Health and readiness answer their own report with 503, not the error body.
    const errors = errorResponsesOf().filter((e) => e.where !== "GET /health 503" && e.where !== "GET /health/ready 503");
    expect(errors.length).toBeGreaterThan(10);
    for (const { where, response } of errors) {
      expect(requiredOf(response.content?.["application/json"]?.schema ?? {}), where).toEqual(expect.arrayContaining(["message", "code"]));
      expect(response.description, where).not.toBe("Error");
    }
  });

  it("says what a status means on the merchant API", () => {
    const create = doc.paths["/quick-pays/create"]!.post!.responses;
    expect(create["401"]!.description).toBe("No session, or it expired");
    expect(create["400"]!.description).toMatch(/^Invalid request/);
  });
});
