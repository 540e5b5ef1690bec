import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { MSG, V1_MSG } from '@virality/domain';
import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { errorForLog } from '../../lib/scrub';
import type { TApiKeyAuth, TApiKeysService } from '../api-keys/service';
import { v1RateLimit } from '../public-api/rate-limit';
import type { TPublicApiService } from '../public-api/service';
import { mcpServer } from './server';

/** JSON-RPC's error codes the route answers with itself (the SDK answers the others). */
const RPC = { parse: -32700, invalidRequest: -32600, internal: -32603, server: -32000 } as const;

/** Fastify's refusals of a body that is not JSON. */
const PARSE_ERRORS: ReadonlySet<string> = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/** A JSON-RPC error answer, as the SDK's transport gives its own (no request id is known before the body is read). */
const rpcError = (code: number, message: string) => JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });

function sendRpcError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.status(status).type('application/json; charset=utf-8').send(rpcError(code, message));
}

const rateLimit = v1RateLimit;

/** The longest method name or string request id the route takes. */
const RPC_TEXT_MAX = 200;

/**
 * What the route takes: one JSON-RPC message or a batch of them. Only its shape is checked here; the SDK's
 * transport reads each message itself and answers what it refuses in JSON-RPC.
 */
const zRpcMessage = z
  .looseObject({
    jsonrpc: z.literal('2.0').describe('Always "2.0"'),
    id: z
      .union([z.string().max(RPC_TEXT_MAX), z.number()])
      .optional()
      .describe('The request id (absent in a notification)'),
    method: z.string().max(RPC_TEXT_MAX).optional().describe('initialize, tools/list, tools/call, a notification…'),
    params: z.record(z.string(), z.unknown()).optional().describe('The method’s parameters'),
  })
  .describe('A JSON-RPC 2.0 message of the Model Context Protocol');
const zRpcBody = z.union([zRpcMessage, z.array(zRpcMessage)]);

/** A JSON-RPC error answer, as this route and the SDK's transport send one. */
const zRpcError = z
  .object({
    jsonrpc: z.literal('2.0'),
    error: z.object({ code: z.number().int(), message: z.string() }),
    id: z.null(),
  })
  .describe('A JSON-RPC error');
/** What a request is answered with: its JSON-RPC result or error (a batch: one for each request in it). */
const zRpcAnswer = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.unknown().describe('The id of the request it answers'),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).optional(),
});

const schema = {
  tags: ['MCP'],
  security: [{ apiKey: [] }],
  operationId: 'mcp',
  summary: 'The MCP server for AI agents (Streamable HTTP, stateless): the public API’s tools with an API key',
  description:
    'The Model Context Protocol over Streamable HTTP (protocol 2025-03-26 and later), without sessions: each POST carries JSON-RPC messages (initialize, tools/list, tools/call…) and is answered in JSON. The tools: list_accounts, upload_media_from_url, create_post, list_posts, get_post, delete_post, get_post_analytics. Authorization: Bearer with an API key; a read key may call only the reading tools. Counts against the key’s rate limit as /api/v1 does. Point an MCP client (url and Authorization header) at this address rather than calling it by hand.',
};

/**
 * POST /api/mcp: the Model Context Protocol's Streamable HTTP transport, stateless (a new server and transport per
 * request, answers in JSON), with an API key exactly as /api/v1: the key is checked before anything is read (401
 * with `WWW-Authenticate: Bearer`), the key's rate limit applies, and each tool acts as the key's owner through the
 * public API service. GET (the server's own stream) and DELETE (ending a session) have nothing to give here: 405.
 * Errors of the HTTP layer are JSON-RPC error answers.
 */
export const mcpRoutes =
  (api: TPublicApiService, keys: TApiKeysService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', async (req, reply) => {
      const header = req.headers.authorization;
      const key = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!key) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError(401, V1_MSG.keyMissing, null, 'UNAUTHORIZED');
      }
      // a person's session token is never a key: it is not of a key's shape, so it is refused here
      const who = await keys.authenticate(key);
      if (!who) {
        reply.header('www-authenticate', 'Bearer error="invalid_token"');
        throw new AppError(401, V1_MSG.keyInvalid, null, 'UNAUTHORIZED');
      }
      req.auth = who;
    });

    app.setErrorHandler((error: FastifyError, req, reply) => {
      if (error instanceof AppError) return sendRpcError(reply, error.statusCode, RPC.server, error.message);
      if (hasZodFastifySchemaValidationErrors(error))
        return sendRpcError(reply, 400, RPC.invalidRequest, 'Invalid Request: not a JSON-RPC 2.0 message');
      const status = error.statusCode ?? 500;
      if (PARSE_ERRORS.has(error.code)) return sendRpcError(reply, 400, RPC.parse, 'Parse error: Invalid JSON');
      if (status >= 400 && status < 500) return sendRpcError(reply, status, RPC.server, error.message);
      req.log.error({ err: errorForLog(error) }, 'unhandled error');
      return sendRpcError(reply, 500, RPC.internal, MSG.somethingWentWrong);
    });

    app.post(
      '/mcp',
      {
        config: { rateLimit },
        schema: {
          ...schema,
          body: zRpcBody,
          response: {
            200: z.union([zRpcAnswer, z.array(zRpcAnswer)]).describe('The JSON-RPC answer'),
            202: z.null().describe('Notifications only: accepted, nothing to answer'),
            400: zRpcError.describe('Not JSON, or not a JSON-RPC message'),
            401: zRpcError.describe('No API key, or a key that is not valid or was revoked'),
            406: zRpcError.describe('The Accept header must list application/json and text/event-stream'),
            415: zRpcError.describe('The body must be application/json'),
            429: zRpcError.describe('The key made too many calls this minute: see Retry-After'),
          },
        },
      },
      async (req, reply) => {
        const server = mcpServer({ api, auth: req.auth as TApiKeyAuth, log: req.log });
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
        await server.connect(transport);
        const res = reply.raw;
        res.on('close', () => {
          void transport.close();
          void server.close();
        });
        // the headers the app's hooks set on the reply (the rate limit's, no-store) go out with the SDK's answer
        for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value);
        res.setHeader('cache-control', 'no-store');
        reply.hijack();
        try {
          await transport.handleRequest(req.raw, res, req.body);
        } catch (err) {
          req.log.error({ err: errorForLog(err) }, 'MCP request failed');
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
          if (!res.writableEnded) res.end(rpcError(RPC.internal, MSG.somethingWentWrong));
        }
      },
    );

    // the SDK's stateless servers' answer: there is no stream to open and no session to end
    const notAllowed = { config: { rateLimit }, schema: { ...schema, hide: true } };
    app.get('/mcp', notAllowed, async (_req, reply) => {
      reply.header('allow', 'POST');
      return sendRpcError(reply, 405, RPC.server, 'Method not allowed.');
    });
    app.delete('/mcp', notAllowed, async (_req, reply) => {
      reply.header('allow', 'POST');
      return sendRpcError(reply, 405, RPC.server, 'Method not allowed.');
    });
  };
