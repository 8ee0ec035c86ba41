import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf } from '@paylane/shared/contracts/paging';
import { profileSchema } from '@paylane/shared/contracts/profile';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/access';
import { getProfile } from './profile.service';

export const profileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A page of one, the shape the client reads results[0] from.
  app.get(
    '/api/profile/',
    { config: { access: { authenticated: true } }, schema: { response: { 200: pageOf(profileSchema) } } },
    async (request) => ({
      count: 1,
      next: null,
      previous: null,
      results: [await getProfile(ctx, currentUser(request))],
    }),
  );
};
