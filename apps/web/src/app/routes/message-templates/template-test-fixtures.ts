import type { MessageTemplate } from '@paylane/shared/contracts/message-templates';
import { merchantA } from '../../../test/fixtures';

// Template answers shaped by packages/shared/src/contracts/message-templates.ts.

export const templatesApi = `/api/merchants/${merchantA.id}/message_templates/`;
export const templatesPage = `/merchants/${merchantA.id}/message-templates`;

export function makeTemplate(overrides: Partial<MessageTemplate> = {}): MessageTemplate {
  return {
    id: 'tpl-1',
    name: 'Friendly reminder',
    description: '',
    type: 'UNSCHEDULED',
    active: true,
    is_visible: true,
    delta_days: null,
    message_bodies: [
      { language: 'en-US', body_type: 'TEXT', message_body: 'Hi {{first_name}}, {{amount_due}} is due.' },
    ],
    is_system: false,
    created: '2026-03-04T15:00:00.000Z',
    updated: '2026-03-04T15:00:00.000Z',
    ...overrides,
  };
}

export const reminder = makeTemplate();
export const welcome = makeTemplate({
  id: 'tpl-welcome',
  name: 'Welcome',
  type: 'WELCOME',
  is_system: true,
  message_bodies: [{ language: 'en-US', body_type: 'TEXT', message_body: 'Welcome {{first_name}}!' }],
});
export const scheduled = makeTemplate({
  id: 'tpl-3',
  name: 'Three days before',
  type: 'SCHEDULED',
  delta_days: 3,
});

export const page = <T>(results: T[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
});
