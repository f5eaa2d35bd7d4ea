import { endpoints, type GasPriceData, Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/routes';
import { ok, refuse } from '../../result';

/** Answers from the watcher's figures; without a chain, or before its first read, the chain is unavailable. */
export function registerGasPriceRoutes(app: FastifyInstance, latest: () => GasPriceData | undefined): void {
  registerEndpoint(app, endpoints.gasPrice, async () => {
    const figures = latest();
    return figures ? ok(figures) : refuse(Status.ChainUnavailable);
  });
}
