import { z } from 'zod'
import { endpoint, ok, paged } from '../define'
import { id } from '../../domain/shared/fields'
import { claimTask } from '../../domain/tasks/claim-task'
import { findTasks } from '../../domain/tasks/find-tasks'
import { TaskListQuerySchema } from '../../domain/tasks/tasks.schemas'

/** The approval inbox (not in the spec; DESIGN.md section 6). */
export const taskEndpoints = [
  endpoint({
    method: 'GET',
    path: '/tasks',
    summary: 'Open (or closed) inbox tasks: staff see staff tasks, an agency its own',
    access: findTasks.access,
    query: TaskListQuerySchema,
    handler: async ({ actor, query }) => paged(await findTasks({ actor, input: query })),
  }),
  endpoint({
    method: 'POST',
    path: '/tasks/{taskId}/claim',
    summary: 'Claim an open staff task (release with {"release": true})',
    access: claimTask.access,
    params: z.object({ taskId: id() }),
    body: z.object({ release: z.boolean().optional() }),
    handler: async ({ actor, params, body }) =>
      ok(await claimTask({ actor, taskId: params.taskId, release: body.release })),
  }),
]
