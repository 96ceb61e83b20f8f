import { z } from 'zod'
import { EXPORT_PATH, IMPORT_FILE_FIELD, IMPORT_UPLOAD_PATH, OWNTRACKS_PATH } from '@wayfarer/api/schemas'
import { pathParams, type RestProcedure } from './procedures'

type Json = Record<string, unknown>

const jsonSchema = (schema: z.ZodType | undefined, io: 'input' | 'output'): Json => {
  if (!schema) return {}
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json
  return rest
}

const failure = {
  description: 'Refused: `{success: false, error}` with the reason in words',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
}

/** Fields of the input the request names differently (aliases), path parameters left out. */
function requestFields(p: RestProcedure): { properties: Record<string, Json>; required: string[] } {
  const input = jsonSchema(p.input, 'input')
  const inPath = new Set(pathParams(p.rest.path).map((name) => p.rest.aliases?.[name] ?? name))
  const renamed = Object.fromEntries(Object.entries(p.rest.aliases ?? {}).map(([name, key]) => [key, name]))
  const properties: Record<string, Json> = {}
  for (const [key, schema] of Object.entries((input.properties ?? {}) as Record<string, Json>)) {
    if (!inPath.has(key) && key !== p.rest.upload?.input && key !== p.rest.upload?.filename)
      properties[renamed[key] ?? key] = schema
  }
  const required = ((input.required ?? []) as string[])
    .filter((key) => key in properties)
    .map((key) => renamed[key] ?? key)
  return { properties, required }
}

function operation(p: RestProcedure): Json {
  const { properties, required } = requestFields(p)
  const parameters: Json[] = pathParams(p.rest.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }))
  let requestBody: Json | undefined
  if (p.rest.upload) {
    const file = { type: 'string', contentMediaType: 'application/octet-stream' }
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { [p.rest.upload.field]: file }, required: [p.rest.upload.field] },
        },
      },
    }
  }
  if (p.rest.method === 'GET' || p.rest.upload) {
    for (const [name, schema] of Object.entries(properties))
      parameters.push({ name, in: 'query', required: required.includes(name), schema })
  } else if (Object.keys(properties).length > 0) {
    requestBody = {
      required: required.length > 0,
      content: { 'application/json': { schema: { type: 'object', properties, required } } },
    }
  }
  const output = jsonSchema(p.output, 'output')
  const data = p.rest.data ? ((output.properties as Record<string, Json> | undefined)?.[p.rest.data] ?? {}) : output
  const success: Json = {
    type: 'object',
    properties: { success: { const: true }, data },
    required: ['success', 'data'],
  }
  return {
    operationId: p.procedure,
    summary: p.rest.summary,
    tags: [p.procedure.split('.')[0]],
    ...(p.admin ? { security: [{ bearer: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { 200: { description: 'Done', content: { 'application/json': { schema: success } } }, default: failure },
  }
}

const download = (summary: string): Json => ({
  summary,
  tags: ['transfer'],
  security: [{ bearer: [] }],
  responses: {
    200: { description: 'A zip archive of the whole site', content: { 'application/zip': {} } },
    default: failure,
  },
})

const importUpload: Json = {
  summary: 'Upload a file to import (a WordPress or Ghost export, or a Wayfarer archive)',
  tags: ['transfer'],
  security: [{ bearer: [] }],
  requestBody: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { [IMPORT_FILE_FIELD]: { type: 'string', contentMediaType: 'application/octet-stream' } },
        },
      },
    },
  },
  responses: { 200: { description: 'The import job, ready for a dry run' }, default: failure },
}

const ownTracks: Json = {
  summary: "A tracking app's point (OwnTracks HTTP mode): the trip's tracking token as the Basic password",
  tags: ['trips'],
  security: [{ trackToken: [] }],
  requestBody: {
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            _type: { type: 'string', description: 'location is kept; other types are answered with []' },
            lat: { type: 'number', minimum: -90, maximum: 90 },
            lon: { type: 'number', minimum: -180, maximum: 180 },
            tst: { type: 'integer', description: 'When the point was recorded, seconds since 1970' },
            acc: { type: 'number' },
            alt: { type: 'number' },
            batt: { type: 'integer' },
          },
          required: ['_type'],
        },
      },
    },
  },
  responses: {
    200: {
      description: 'Received: an empty list of messages for the app',
      content: { 'application/json': { schema: { type: 'array', maxItems: 0 } } },
    },
    default: failure,
  },
}

/** OpenAPI 3.1 for every REST path, from the same metadata the routes are built from. */
export function openApiDocument(procedures: RestProcedure[]): Json {
  const paths: Record<string, Record<string, Json>> = {}
  for (const p of procedures) {
    const path = p.rest.path.replace(/:([A-Za-z_]+)/g, '{$1}')
    paths[path] = { ...paths[path], [p.rest.method.toLowerCase()]: operation(p) }
  }
  paths[EXPORT_PATH] = { get: download('Export the whole site') }
  paths[IMPORT_UPLOAD_PATH] = { post: importUpload }
  paths[OWNTRACKS_PATH] = { post: ownTracks }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wayfarer REST API',
      version: '1',
      description: 'Every answer is `{success, data, pagination?, message?}` or `{success: false, error}`.',
    },
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token POST /api/auth/login answers' },
        trackToken: {
          type: 'http',
          scheme: 'basic',
          description: "Any user name, and a trip's tracking token (POST /api/trips/{id}/track/token) as the password",
        },
      },
      schemas: {
        Failure: {
          type: 'object',
          properties: { success: { const: false }, error: { type: 'string' } },
          required: ['success', 'error'],
        },
      },
    },
  }
}
