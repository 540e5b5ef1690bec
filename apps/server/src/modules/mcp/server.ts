import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  CAPTION_MAX,
  ID_MAX,
  IDEMPOTENCY_KEEP_HOURS,
  IDEMPOTENCY_KEY_MAX,
  MSG,
  NETWORK_LIMITS,
  POST_MSG,
  QUEUE_SLOTS_MAX,
  SOCIAL_MSG,
  V1_MSG,
  V1_PAGE_DEFAULT,
  V1_PAGE_MAX,
  V1_POST_STATUSES,
  zQueueSettings,
  zV1Account,
  zV1List,
  zV1Media,
  zV1MediaFromUrl,
  zV1Post,
  zV1PostAnalytics,
  zV1PostCreate,
  zV1PostsQuery,
  zV1Queue,
} from '@virality/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../../errors';
import { errorForLog } from '../../lib/scrub';
import type { TApiKeyAuth } from '../api-keys/service';
import type { TPublicApiService } from '../public-api/service';

/**
 * The MCP server of one request (/api/mcp): the public API's tools for an AI agent, acting as the key's owner within
 * the key's scope. Every tool calls the public API service, so the app's rules and words apply as they do on /api/v1.
 *
 * The input schemas the SDK checks carry the types (and the limits whose words are not the app's); the app's own
 * rules (a post's accounts, its caption, its time, a media address) are checked in the tool with the domain's
 * schemas, so an agent reads the app's exact message in the tool's error result.
 */

const SERVER_INFO = { name: 'virality', title: 'Virality', version: '0.1.0' };

const INSTRUCTIONS = [
  'Virality posts to social networks (Instagram, Facebook, YouTube, LinkedIn, TikTok, X, Threads) for the organization that owns this API key.',
  'Start with list_accounts: its ids go in create_post’s accountIds.',
  'A post carries at least one photo or video: upload it with upload_media_from_url and put its id in mediaIds.',
  'create_post sends now, schedules (scheduledAt) or saves a draft; read where it stands with get_post, its figures with get_post_analytics.',
  'Each account has a posting queue of weekly time slots: read it with get_queue, set it with set_queue, and add a post to the next free slot of each account with add_to_queue.',
  'A key of scope read may only call list_accounts, list_posts, get_post and get_post_analytics.',
  'A tool that is refused answers isError with the reason in the app’s words: fix what it says and call again.',
].join(' ');

/** The tools that change something: refused to a key that may only read. */
const WRITE_TOOLS: ReadonlySet<string> = new Set([
  'upload_media_from_url',
  'create_post',
  'delete_post',
  'set_queue',
  'add_to_queue',
]);

// ---- the arguments, as an agent reads them in tools/list

const idempotencyKey = z
  .string()
  .trim()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX)
  .describe(
    `A unique string you make for this request, 1 to ${IDEMPOTENCY_KEY_MAX} characters (a new UUID is good). Send the same one again only to retry the same request (after a timeout or a lost answer): the same key with the same arguments answers the first result and does nothing twice; with other arguments it is refused. Kept ${IDEMPOTENCY_KEEP_HOURS} hours.`,
  );

/** Each network's longest caption, as its adapter declares it (the server checks it before anything is sent). */
const CAPTION_LIMITS = Object.entries(NETWORK_LIMITS)
  .map(([network, limits]) => `${network} ${limits.textMax}`)
  .join(', ');

const postId = z.string().describe('The post’s id: the `id` of a post from create_post or list_posts.');

const zNoArguments = z.strictObject({});

const zUploadArguments = z.strictObject({
  url: z
    .string()
    .describe(
      'The https address of one image or video, reachable from the internet (no private or local addresses; up to 3 redirects are followed). JPEG, PNG, WebP or SVG under 30 MB; MP4 or QuickTime under 100 MB. The file is read from its bytes, whatever its name says.',
    ),
  idempotencyKey,
});

const zCreatePostArguments = z.strictObject({
  text: z
    .string()
    .describe(
      `The caption, up to ${CAPTION_MAX} characters, and within each chosen network's own limit (${CAPTION_LIMITS}). May be empty ("") for a photo or video alone.`,
    ),
  accountIds: z
    .array(z.string())
    .describe('Where to post: 1 to 50 account ids, each the `id` of an account from list_accounts whose status is linked.'),
  mediaIds: z
    .array(z.string())
    .optional()
    .describe(
      'The photos or videos: 1 to 10 media ids, each the `id` answered by upload_media_from_url, in the order they are shown. A post needs at least one; several files make a carousel where the network takes one.',
    ),
  scheduledAt: z
    .string()
    .optional()
    .describe(
      'When to post: an ISO 8601 date and time with its offset, on a whole minute (seconds 0), in the future and within the plan’s scheduling window, like 2027-01-31T09:00:00+01:00. Leave it out to post now.',
    ),
  draft: z
    .boolean()
    .optional()
    .describe(
      'true: save as a draft only: nothing is sent, even with scheduledAt; it can be finished in the app. Default false.',
    ),
  idempotencyKey,
});

/** add_to_queue: create_post's arguments without a time or draft: each account's next free slot is the time. */
const zAddToQueueArguments = zCreatePostArguments.omit({ scheduledAt: true, draft: true });

const accountId = z.string().describe('The account’s id: the `id` of an account from list_accounts.');
const zQueueArguments = z.strictObject({ accountId });
const zSetQueueArguments = z.strictObject({
  accountId,
  timeZone: z
    .string()
    .describe(
      'The IANA time zone the slots are on, like Europe/Berlin or America/New_York (09:00 stays 09:00 across daylight saving).',
    ),
  paused: z.boolean().optional().describe('true: hold the queued posts (none goes out) until set false again. Default false.'),
  slots: z
    .array(
      z.strictObject({
        day: z.number().int().describe('Day of the week: 0 Sunday, 1 Monday … 6 Saturday.'),
        time: z.string().describe('Time of day on the zone’s clock, HH:MM (24 hours), like 09:00 or 18:30.'),
      }),
    )
    .describe(`The weekly time slots, at most ${QUEUE_SLOTS_MAX}, none twice. They replace the account’s slots.`),
});

const zListPostsArguments = z.strictObject({
  status: z
    .enum(V1_POST_STATUSES)
    .optional()
    .describe(
      'Only posts in this state: draft; scheduled (waiting, running or paused); publishing (sent, results not all in); published (at least one account published); failed (no account published). Leave it out for all.',
    ),
  cursor: z
    .string()
    .optional()
    .describe('The nextCursor of the previous page, as it came, for the next page. Leave it out for the first page.'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(V1_PAGE_MAX)
    .optional()
    .describe(`Posts per page, 1 to ${V1_PAGE_MAX}; ${V1_PAGE_DEFAULT} when left out.`),
});

const zPostArguments = z.strictObject({ id: postId });

// ---- the answers

const zAccounts = zV1List(zV1Account);
const zPosts = zV1List(zV1Post);
const zAnalytics = zV1List(zV1PostAnalytics);
const zDeleted = z.object({ id: z.string(), deleted: z.literal(true) });

const POST_SHAPE =
  '{id, text, status (Draft, Scheduled, Paused, Publishing, Posted, Partly posted or Failed, as the app shows it), draft, scheduledAt (UTC, or null), queued (added to the accounts’ queues), createdAt, mediaUrls, accounts: [{accountId, network, name, state (queued, publishing, processing, published, failed, needs_reconnect…), stateLabel, url (the post on the network once published), error (why it did not go out, in the app’s words), publishedAt, scheduledAt (when it goes out on this account while it waits)}]}';

/** A tool's answer: the JSON as structured content, and the same JSON as text for clients that read only text. */
function answer(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/** A refusal the agent can act on: the app's own words, as a tool result (never a protocol error). */
function refusal(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** The domain schema's words for what it refused (each message once). */
function issuesOf(error: z.ZodError): string {
  return [...new Set(error.issues.map((i) => i.message))].join('\n') || V1_MSG.invalid;
}

/** An id as the v1 path takes it: an id nothing can have is not found (in `message`'s words). */
function idOf(id: string, message: string): string {
  const v = id.trim();
  if (!v || v.length > ID_MAX) throw notFound(message);
  return v;
}
const postIdOf = (id: string) => idOf(id, POST_MSG.postNotFound);
const accountIdOf = (id: string) => idOf(id, SOCIAL_MSG.accountNotFound);

/** Thrown inside a tool for a refused argument: answered with its message. */
class Refused extends Error {}

function parsed<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new Refused(issuesOf(result.error));
  return result.data;
}

/** The MCP server for one request made with `auth` (a live key): built per request, as the transport is stateless. */
export function mcpServer(deps: { api: TPublicApiService; auth: TApiKeyAuth; log: FastifyBaseLogger }): McpServer {
  const { api, auth, log } = deps;
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });

  /** Runs a tool: the key's scope first, then the work; the app's refusals are answered in its words. */
  async function run(tool: string, work: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
    if (WRITE_TOOLS.has(tool) && auth.apiKey.scope !== 'write') return refusal(V1_MSG.readOnly);
    try {
      return answer(await work());
    } catch (err) {
      if (err instanceof AppError || err instanceof Refused) return refusal(err.message);
      // never the key, never the error itself (a database error carries values): its scrubbed summary
      log.error({ err: errorForLog(err), tool }, 'MCP tool failed');
      return refusal(MSG.somethingWentWrong);
    }
  }

  server.registerTool(
    'list_accounts',
    {
      title: 'List linked accounts',
      description:
        'The social accounts linked to this organization: where posts can go. Answers {data: [{id, network (instagram, facebook, youtube, linkedin, tiktok, twitter, threads), kind (profile, page, channel or organization), name, status (linked, or needs_reconnect: the network no longer takes our access and the account must be linked again in the app), statusReason}], nextCursor: null} (every account at once). Call it first: an account’s id goes in create_post’s accountIds.',
      inputSchema: zNoArguments,
      outputSchema: zAccounts,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () => run('list_accounts', async () => ({ data: await api.accounts(auth), nextCursor: null })),
  );

  server.registerTool(
    'upload_media_from_url',
    {
      title: 'Upload an image or video from a URL',
      description:
        'Fetches one image or video from a public https address and uploads it with the app’s checks (type and size read from the bytes: JPEG, PNG, WebP or SVG under 30 MB; MP4 or QuickTime under 100 MB). Answers the media: {id, url, name, kind (image or video), mimeType, bytes, width, height (pixels, null when unknown), durationSec (videos)}. Put its id in create_post’s mediaIds. Needs a key with read and write access.',
      inputSchema: zUploadArguments,
      outputSchema: zV1Media,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    (args) =>
      run('upload_media_from_url', async () => {
        const { url } = parsed(zV1MediaFromUrl, { url: args.url });
        return (await api.mediaFromUrl(auth, args.idempotencyKey, url)).body;
      }),
  );

  server.registerTool(
    'create_post',
    {
      title: 'Post, schedule or save a draft',
      description: `Posts to one or more linked accounts: now (no scheduledAt), at scheduledAt, or as a draft (draft: true), with the app’s rules (each network’s caption and media limits, the plan’s posts and scheduling window). Upload its photo or video first with upload_media_from_url (a post needs at least one). Answers the post: ${POST_SHAPE}. A post sent now is on its way when this answers (accounts in state queued): call get_post a little later for each account’s result. Calling again with the same idempotencyKey and arguments answers the same post and never posts twice. Needs a key with read and write access.`,
      inputSchema: zCreatePostArguments,
      outputSchema: zV1Post,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    ({ idempotencyKey: key, ...fields }) =>
      run('create_post', async () => {
        const input = parsed(zV1PostCreate, fields);
        return (await api.createPost(auth, key, input)).body;
      }),
  );

  const QUEUE_SHAPE =
    '{accountId, timeZone (null until set), paused, slots: [{day (0 Sunday … 6 Saturday), time (HH:MM)}], usesDefault (true: the account follows the organization’s default schedule), upcoming: [{at (UTC), kind (queued: a queued post; scheduled: a post scheduled at that time; empty: a free slot), postId}]}';

  server.registerTool(
    'get_queue',
    {
      title: 'Get an account’s posting queue',
      description: `An account’s posting schedule (its weekly time slots, time zone and pause) and its coming slots with the posts that hold them, earliest first. Answers ${QUEUE_SHAPE}.`,
      inputSchema: zQueueArguments,
      outputSchema: zV1Queue,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) => run('get_queue', async () => api.queueOf(auth, accountIdOf(args.accountId))),
  );

  server.registerTool(
    'set_queue',
    {
      title: 'Set an account’s posting schedule',
      description: `Sets an account’s weekly time slots, time zone and pause (the account then has its own schedule). Posts already in its queue are re-timed to the new slots in their order, never into the past; paused holds them. Setting the same schedule again changes nothing. Answers the queue: ${QUEUE_SHAPE}. Needs a key with read and write access.`,
      inputSchema: zSetQueueArguments,
      outputSchema: zV1Queue,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ accountId: id, ...settings }) =>
      run('set_queue', async () => api.putQueue(auth, accountIdOf(id), parsed(zQueueSettings, settings))),
  );

  server.registerTool(
    'add_to_queue',
    {
      title: 'Add a post to the queue',
      description: `Adds a post to the posting queue of each chosen account: each account’s post takes that account’s next free time slot (set_queue sets the slots), with the app’s rules as create_post. Answers the post: ${POST_SHAPE}, queued true, each account’s time in its scheduledAt. Refused when an account has no slots, its queue is paused or has no free slot. The same idempotencyKey and arguments answer the same post and take no second slot. Needs a key with read and write access.`,
      inputSchema: zAddToQueueArguments,
      outputSchema: zV1Post,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    ({ idempotencyKey: key, ...fields }) =>
      run('add_to_queue', async () => {
        const input = parsed(zV1PostCreate, { ...fields, queue: true });
        return (await api.createPost(auth, key, input)).body;
      }),
  );

  server.registerTool(
    'list_posts',
    {
      title: 'List posts',
      description: `The organization’s posts, newest made first, a page at a time. Answers {data: [post…], nextCursor}, each post as get_post answers it: ${POST_SHAPE}. nextCursor null means this was the last page; otherwise call again with it as cursor. Use get_post for one post by id.`,
      inputSchema: zListPostsArguments,
      outputSchema: zPosts,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) => run('list_posts', async () => api.listPosts(auth, parsed(zV1PostsQuery, args))),
  );

  server.registerTool(
    'get_post',
    {
      title: 'Get a post',
      description: `One post of the organization and where it stands on each account, in the app’s words. Answers the post: ${POST_SHAPE}. A post of another organization, or deleted, is not found.`,
      inputSchema: zPostArguments,
      outputSchema: zV1Post,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id }) => run('get_post', async () => api.post(auth, postIdOf(id))),
  );

  server.registerTool(
    'delete_post',
    {
      title: 'Delete a draft or cancel a scheduled post',
      description:
        'Deletes a draft, or cancels a scheduled post that has not gone out. A post that went out (or is going out) stays on its networks and is refused: delete it there. Answers {id, deleted: true}; the post is then not found. Needs a key with read and write access.',
      inputSchema: zPostArguments,
      outputSchema: zDeleted,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ id }) =>
      run('delete_post', async () => {
        const postIdValue = postIdOf(id);
        await api.deletePost(auth, postIdValue);
        return { id: postIdValue, deleted: true as const };
      }),
  );

  server.registerTool(
    'get_post_analytics',
    {
      title: 'Get a post’s figures',
      description:
        'A post’s figures on each account it was sent to, as last read from the networks (by a job, about hourly at first: never at the call). Answers {data: [{accountId, network, name, url, publishedAt, state (ready: figures read; pending: not read yet, ask again later; unavailable: see message), message, metrics (name → count, e.g. likes, comments, views; null where the network does not say), updatedAt (when read, or null)}], nextCursor: null}.',
      inputSchema: zPostArguments,
      outputSchema: zAnalytics,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id }) => run('get_post_analytics', async () => ({ data: await api.analytics(auth, postIdOf(id)), nextCursor: null })),
  );

  return server;
}
