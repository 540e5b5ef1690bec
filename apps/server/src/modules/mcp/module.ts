import type { TModule } from '../../module-types';
import { mcpRoutes } from './routes';

/**
 * The MCP server for AI agents (POST /api/mcp): the public API's tools over the Model Context Protocol, with an API
 * key as /api/v1. No service of its own: its tools call the public API service.
 */
export const mcpModule: TModule = {
  name: 'mcp',
  routes: ({ services }) => [mcpRoutes(services.publicApi, services.apiKeys)],
};
