import { describe, expect, it } from 'vitest';
import {
  automationChoiceOf,
  classifyInboundKeyword,
  countSegments,
  deltaDaysFor,
  displayStatus,
  isStatusForward,
  nonGsmCharacters,
  renderBody,
  templateTypeOnSave,
  usedMergeFields,
  withPlainCharacters,
} from './messaging';
import { fillMessage, messages } from './messages';

describe('template type on save (docs/product.md §4)', () => {
  it('keeps a system type whatever the automation', () => {
    expect(templateTypeOnSave({ currentType: 'WELCOME', deltaDays: 3, bodies: ['Hi'] })).toBe('WELCOME');
  });

  it('is UNSCHEDULED without automation or with a collector name, else SCHEDULED', () => {
    expect(templateTypeOnSave({ deltaDays: null, bodies: ['Hi'] })).toBe('UNSCHEDULED');
    expect(templateTypeOnSave({ deltaDays: 2, bodies: ['Hi {{collector_name}}'] })).toBe('UNSCHEDULED');
    expect(templateTypeOnSave({ currentType: 'UNSCHEDULED', deltaDays: 0, bodies: ['Due today'] })).toBe(
      'SCHEDULED',
    );
  });

  it('maps the automation choices to signed days and back', () => {
    expect(deltaDaysFor('before', 3)).toBe(3);
    expect(deltaDaysFor('after', 3)).toBe(-3);
    expect(deltaDaysFor('on', 5)).toBe(0);
    expect(deltaDaysFor('none', 5)).toBeNull();
    expect(automationChoiceOf(-2)).toEqual({ choice: 'after', days: 2 });
    expect(automationChoiceOf(null)).toEqual({ choice: 'none', days: 0 });
  });
});

describe('merge fields', () => {
  it('fills known fields, blanks missing ones and leaves unknown placeholders as written', () => {
    const body = 'Hi {{first_name}}, {{ amount_due }} is due {{due_date}}. {{nickname}}';
    expect(renderBody(body, { first_name: 'Ana', amount_due: '$12.00' })).toBe(
      'Hi Ana, $12.00 is due . {{nickname}}',
    );
    expect(usedMergeFields(body)).toEqual(['first_name', 'amount_due', 'due_date']);
  });
});

describe('SMS segments', () => {
  it('counts GSM-7 at 160/153 and switches the whole message to UCS-2 for one smart quote', () => {
    expect(countSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(countSegments('a'.repeat(161))).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    expect(countSegments(`${'a'.repeat(69)}’`)).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(countSegments(`${'a'.repeat(70)}’`)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    expect(countSegments('')).toMatchObject({ segments: 0 });
  });

  it('names the characters that force UCS-2 and writes the common look-alikes in GSM-7', () => {
    const body = 'It’s “due” – pay {{payment_link}}… café ñ á 😀 ’';
    expect(nonGsmCharacters(body)).toEqual(['’', '“', '”', '–', '…', 'á', '😀']);
    expect(nonGsmCharacters('Plain {{first_name}} ~ € é')).toEqual([]);
    const plain = withPlainCharacters(body);
    expect(plain).toBe('It\'s "due" - pay {{payment_link}}... café ñ á 😀 \'');
    expect(nonGsmCharacters(plain)).toEqual(['á', '😀']);
    expect(countSegments(withPlainCharacters('Don’t forget… – thanks')).encoding).toBe('GSM-7');
  });
});

describe('inbound keywords', () => {
  it('matches the whole message in any case, and nothing else', () => {
    expect(classifyInboundKeyword(' stop ')).toBe('opt_out');
    expect(classifyInboundKeyword('OptOut')).toBe('opt_out');
    expect(classifyInboundKeyword('REVOKE')).toBe('opt_out');
    expect(classifyInboundKeyword('STOP PLEASE')).toBeNull();
    expect(classifyInboundKeyword('unstop')).toBe('opt_in');
    expect(classifyInboundKeyword('help')).toBe('help');
  });
});

describe('message statuses', () => {
  it('only move forward, and a final status is never replaced', () => {
    expect(isStatusForward('queued', 'sent')).toBe(true);
    expect(isStatusForward('delivered', 'sent')).toBe(false);
    expect(isStatusForward('sent', 'sent')).toBe(false);
    expect(isStatusForward('failed', 'delivered')).toBe(false);
  });

  it('display per docs/product.md §4', () => {
    expect(displayStatus('received')).toBe('Delivered');
    expect(displayStatus('accepted')).toBe('Sent');
    expect(displayStatus('queued')).toBe('Queued');
    expect(displayStatus('undelivered')).toBe('Failed to send');
    expect(displayStatus('sent', '30003')).toBe('Failed to send');
  });

  it('fills the toasts’ counts', () => {
    expect(fillMessage(messages.unknownCustomers, { n: 3 })).toBe('Unable to find 3 customer(s)');
  });
});
