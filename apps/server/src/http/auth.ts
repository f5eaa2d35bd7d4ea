import { ADDRESS_HEADER, AUTH_HEADER, Status } from '@floordesk/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { authenticate, type Session } from '../modules/auth/service';
import { sendRefusal } from './envelope';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of every `auth: true` endpoint: a live session for X-Address, or status 110. */
    requireSession(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
    /** preHandler of every `operator` endpoint, after requireSession: the caller is in OPERATOR_ADDRESSES, or 1702. */
    requireOperator(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
    /** The live session the request's headers name, if any: for an endpoint open to visitors that notes who called. */
    readSession(request: FastifyRequest): Promise<Session | undefined>;
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

const BEARER = /^Bearer (\S+)$/;

export const sessionPlugin = fp<{ ctx: AppContext }>(
  async (app: FastifyInstance, { ctx }) => {
    app.decorateRequest('session', null);
    const readSession = async (request: FastifyRequest) => {
      const signNum = BEARER.exec(request.headers[AUTH_HEADER] ?? '')?.[1];
      const address = request.headers[ADDRESS_HEADER];
      return signNum !== undefined && typeof address === 'string' ? authenticate(ctx, signNum, address) : undefined;
    };
    app.decorate('readSession', readSession);
    app.decorate('requireSession', async (request: FastifyRequest, reply: FastifyReply) => {
      const session = await readSession(request);
      if (!session) return sendRefusal(request, reply, Status.SessionInvalid);
      request.session = session;
      return undefined;
    });
    app.decorate('requireOperator', async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = request.session?.address;
      if (caller === undefined || !ctx.config.operatorAddresses.has(caller)) {
        return sendRefusal(request, reply, Status.OperatorOnly);
      }
      return undefined;
    });
  },
  { name: 'floordesk-session' },
);
