import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import { ResultCode } from '../../../shared/envelope.js';
import { languageFromAcceptLanguage } from '../../../shared/language.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { notFoundEnvelope } from '../../../kernel/server/plugins/envelope.js';
import type { Authenticate, SessionUser } from '../../../kernel/server/sessions.js';
import { initMessage, logoutFrame, parseClientFrame } from './protocol.js';
import { unreadCounts } from './inbox.js';
import { unreadFrameFields, type UnreadPush } from './unreadPush.js';
import type { ChatPush } from './chat/chatPush.js';
import type { SessionEndPush } from './sessionEndPush.js';
import { unreadBySender } from './chat/entries.js';
import { CHAT_METHODS, handleChatFrame, type ChatFrame } from './chat/socketMethods.js';
import { chatErrorFrame } from './chat/frames.js';
import { SOCKET_FRAME_LIMIT, TokenBucket, TokenBuckets, USER_FRAME_LIMIT } from '../../../kernel/server/infra/rateLimit.js';
import type { Metrics } from '../../../kernel/server/infra/infrastructure.js';

export interface MessageSocketOptions {
  db: Kysely<DB>;
  /** The session check of whichever module provides sign-in (ModuleContext.signIn). */
  authenticate: Authenticate;
  /** Keeps signed-in sockets so changes to their unread counts reach them. */
  unread: UnreadPush;
  /** Keeps signed-in sockets so chat messages reach them. */
  chat: ChatPush;
  /** Keeps signed-in sockets so a session ended elsewhere closes them at once. */
  sessionEnd: SessionEndPush;
  /** Where the open sockets are counted for Prometheus. */
  metrics: Pick<Metrics, 'labelledGauge'>;
}

/** A socket that names no token in its path must send OnConnection with one within this time. */
const GREETING_TIMEOUT_MS = 30_000;
/** Close codes 4000 + the envelope code (4600 no session, 4601 ended, 4602 not ours), so a client can tell why. */
const CLOSE_CODE_BASE = 4000;
/** Refusals in a row after which a socket is taken for a flood and closed (decision 186). */
const FLOOD_CLOSE_AFTER = 100;
/** A close frame's reason holds at most 123 bytes. */
const CLOSE_REASON_BYTES = 123;

function closeReason(text: string): string {
  let reason = text;
  while (Buffer.byteLength(reason) > CLOSE_REASON_BYTES) reason = reason.slice(0, -1);
  return reason;
}

/**
 * JNPF's message websocket. 3.6 clients put their token in the path (/api/message/websocket/{token}, or
 * /websocket/{token} behind JNPF's reverse-proxy layout); 3.4 clients connect to /api/message/websocket and send
 * the token in their OnConnection frame. The token is checked as the HTTP session plugin checks a header: raw or
 * with "bearer ". A bad token is told why ({method: 'logout'}, then a close with code and reason).
 *
 * The routes are public for the session plugin (an upgrade carries no Authorization header); they authenticate
 * here. @fastify/websocket is registered in this module's own scope, so nothing else in the app changes.
 */
export async function messageSocketRoutes(app: FastifyInstance, options: MessageSocketOptions): Promise<void> {
  // One bucket per user across their sockets in this process (several tabs share it).
  const userFrames = new TokenBuckets(USER_FRAME_LIMIT);
  // This process's sockets: all open ones, and those whose session was accepted.
  const count = { open: 0, signedIn: 0 };
  options.metrics.labelledGauge('labcode_websockets', "The message websocket's open connections in this process, by state (open; signed_in among them)", ['state'], () => [
    { labels: { state: 'open' }, value: count.open },
    { labels: { state: 'signed_in' }, value: count.signedIn },
  ]);
  await app.register(async (scope) => {
    // Frames are small JSON messages; ws's default of 100 MiB would let an anonymous caller make us buffer that much.
    await scope.register(websocket, { options: { maxPayload: 64 * 1024 } });

    const refuse = (socket: WebSocket, request: FastifyRequest, error: unknown) => {
      if (!(error instanceof AppError)) {
        request.log.error({ err: error }, 'websocket session check failed');
        socket.close(1011);
        return;
      }
      const msg = request.t(error.messageKey, error.params);
      socket.send(JSON.stringify(logoutFrame(msg)));
      socket.close(CLOSE_CODE_BASE + error.code, closeReason(msg));
    };

    const serve = (socket: WebSocket, request: FastifyRequest, pathToken: string | undefined) => {
      // A browser's socket carries the browser's Accept-Language, not the language chosen in the app: our client
      // names it in ?lang= so the logout frame's message reads in the app's language (decision 167).
      const lang = (request.query as { lang?: unknown } | undefined)?.lang;
      if (typeof lang === 'string') request.language = languageFromAcceptLanguage(lang) ?? request.language;
      let session: Promise<SessionUser> | undefined;
      let sessionToken: string | undefined;
      let countedSignedIn = false;
      const open = (token: string | undefined) => {
        sessionToken = token;
        session = options.authenticate(token);
        session.then(
          (user) => {
            if (!countedSignedIn && socket.readyState === socket.OPEN) {
              countedSignedIn = true;
              count.signedIn += 1;
            }
            userId = user.userId;
          },
          (error: unknown) => refuse(socket, request, error),
        );
        return session;
      };
      if (pathToken !== undefined) open(pathToken);
      const greetingTimer = setTimeout(() => {
        if (!session) refuse(socket, request, new AppError(ResultCode.sessionExpired, 'session.missing'));
      }, GREETING_TIMEOUT_MS);
      count.open += 1;
      socket.on('close', () => {
        clearTimeout(greetingTimer);
        count.open -= 1;
        // Only a socket that was counted: one whose session was accepted as it closed never was.
        if (countedSignedIn) count.signedIn -= 1;
        countedSignedIn = false;
      });

      // Attached at once, before any await: frames that arrive while the session is checked are not lost.
      // A socket's frames run one after another, in the order sent: JNPF's client sends UpdateReadMessage and then
      // MessageList, and the list must see the read mark (run side by side, it sometimes did not).
      let queue: Promise<void> = Promise.resolve();
      // Frames past the socket's or the user's rate are answered at once and never queued (infra/rateLimit.ts): a
      // flood costs a refusal per frame, not a database write, and the socket's own queue stays short.
      const socketFrames = new TokenBucket(SOCKET_FRAME_LIMIT);
      let userId: string | undefined;
      let refusedInRow = 0;
      socket.on('message', (data) => {
        // Frames already received when a flooding socket was closed are not read.
        if (socket.readyState !== socket.OPEN) return;
        const method = parseClientFrame(data.toString())?.method ?? '';
        // The greeting and the keep-alive are not counted: a socket sends one greeting, and heartCheck does nothing.
        const counted = method !== 'OnConnection' && method !== 'heartCheck';
        if (counted && (!socketFrames.take() || (userId !== undefined && !userFrames.take(userId)))) {
          // A client that goes on sending after a hundred refusals in a row is no person typing: answering each of
          // thousands of frames would itself hold the server, so the socket is closed (1008, policy violation).
          refusedInRow += 1;
          if (refusedInRow > FLOOD_CLOSE_AFTER) {
            socket.close(1008, closeReason(request.t('error.tooFast')));
            return;
          }
          // When a token comes back, as HTTP's Retry-After: a client that must send more waits for it.
          const retryAfterMs = Math.max(socketFrames.msUntilToken(), userId === undefined ? 0 : userFrames.msUntilToken(userId));
          socket.send(JSON.stringify({ ...chatErrorFrame(method, ResultCode.tooManyRequests, request.t('error.tooFast')), retryAfterMs }));
          return;
        }
        if (counted) refusedInRow = 0;
        queue = queue.then(() => handleFrame(data)).catch((error: unknown) => request.log.warn({ err: error }, 'a websocket frame failed'));
      });
      const handleFrame = async (data: { toString(): string }) => {
        const frame = parseClientFrame(data.toString());
        if (!frame) return;
        if (frame.method === 'OnConnection') {
          let user: SessionUser;
          try {
            user = await (session ?? open(frame.token));
          } catch {
            // refuse() has answered.
            return;
          }
          options.unread.add(user.userId, socket);
          // Without touching the session: hearing of another session's end is no use of this one.
          options.sessionEnd.add(user.userId, socket, async () => {
            try {
              await options.authenticate(sessionToken, { touch: false });
            } catch (error) {
              refuse(socket, request, error);
            }
          });
          options.chat.add(user.userId, socket);
          try {
            const counts = unreadFrameFields(await unreadCounts(options.db, user.userId));
            socket.send(JSON.stringify(initMessage(counts, await unreadBySender(options.db, user.userId))));
          } catch (error) {
            // The greeting still goes out; the counts arrive with the next change.
            request.log.warn({ err: error }, 'unread counts for the websocket greeting failed');
            socket.send(JSON.stringify(initMessage()));
          }
        } else if ((CHAT_METHODS as readonly string[]).includes(frame.method)) {
          let user: SessionUser;
          try {
            // As JNPF's server, every frame may carry the token; the session is checked once per socket.
            user = await (session ?? open(frame.token));
          } catch {
            // refuse() has answered.
            return;
          }
          try {
            // Checked again for every chat frame, as JNPF's server does: a socket outlives a logout or a disabled
            // account only until it tries to chat.
            const current = await options.authenticate(sessionToken);
            // Chat waits for a forced password change like every other call (plugins/session.ts).
            if (current.passwordChangeDue) {
              socket.send(JSON.stringify(chatErrorFrame(frame.method, ResultCode.passwordChangeRequired, request.t('session.passwordChangeRequired'))));
              return;
            }
          } catch (error) {
            refuse(socket, request, error);
            return;
          }
          await handleChatFrame(options.db, options.chat, user.userId, frame as ChatFrame, socket, request);
        }
        // heartCheck keeps proxies from closing an idle socket; JNPF's server answers nothing, nor do we.
      };
    };

    const routeOptions = {
      config: { public: true },
      // A plain GET on these paths is no websocket: it answers the API's not-found envelope.
      handler: async (request: FastifyRequest) => notFoundEnvelope(request),
    };
    scope.route<{ Params: { token: string } }>({
      ...routeOptions,
      method: 'GET',
      url: '/api/message/websocket/:token',
      wsHandler: (socket, request) => serve(socket, request, request.params.token),
    });
    scope.route<{ Params: { token: string } }>({
      ...routeOptions,
      method: 'GET',
      url: '/websocket/:token',
      wsHandler: (socket, request) => serve(socket, request, request.params.token),
    });
    scope.route({ ...routeOptions, method: 'GET', url: '/api/message/websocket', wsHandler: (socket, request) => serve(socket, request, undefined) });
  });
}
