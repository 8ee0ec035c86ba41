import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateRangePicker } from './date-range-picker';
import { presetRange, rangeFromDays, todayIn, type DateRange } from './date-range-presets';

const today = '2026-03-10';

describe('date-range presets', () => {
  it('count whole days back from today, both ends included', () => {
    const days = (preset: Parameters<typeof presetRange>[0]) => {
      const { start, end } = presetRange(preset, today);
      return `${start}..${end}`;
    };
    expect(days('today')).toBe('2026-03-10..2026-03-10');
    expect(days('yesterday')).toBe('2026-03-09..2026-03-09');
    expect(days('last_7_days')).toBe('2026-03-04..2026-03-10');
    expect(days('last_30_days')).toBe('2026-02-09..2026-03-10');
    expect(days('this_month')).toBe('2026-03-01..2026-03-10');
    expect(days('last_month')).toBe('2026-02-01..2026-02-28');
    expect(days('custom')).toBe('..');
  });

  it('keep a preset name only while it still covers the days of a link', () => {
    const week = { start: '2026-03-04', end: '2026-03-10' };
    expect(rangeFromDays('last_7_days', week, today).preset).toBe('last_7_days');
    expect(rangeFromDays('last_7_days', week, '2026-03-17')).toEqual({ preset: 'custom', ...week });
    expect(rangeFromDays('nonsense', week, today).preset).toBe('custom');
  });

  it("read today on the merchant's clock", () => {
    const lateEvening = new Date('2026-03-11T03:30:00Z'); // 10:30 PM in Chicago, the 10th
    expect(todayIn('America/Chicago', lateEvening)).toBe('2026-03-10');
    expect(todayIn('UTC', lateEvening)).toBe('2026-03-11');
  });
});

function renderPicker(initial: DateRange) {
  const changes: DateRange[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <DateRangePicker
        value={value}
        today={today}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(
    <MantineProvider env="test">
      <Harness />
    </MantineProvider>,
  );
  return { changes, user: userEvent.setup() };
}

describe('DateRangePicker', () => {
  it('offers the presets and Custom, and a preset gives its days', async () => {
    const { changes, user } = renderPicker(presetRange('last_30_days', today));
    const select = screen.getByRole('combobox', { name: 'Date range' });
    expect(select).toHaveValue('Last 30 Days');
    await user.click(select);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      'Today',
      'Yesterday',
      'Last 7 Days',
      'Last 30 Days',
      'This Month',
      'Last Month',
      'Custom',
    ]);
    await user.click(screen.getByRole('option', { name: 'Last Month' }));
    expect(changes.at(-1)).toEqual({ preset: 'last_month', start: '2026-02-01', end: '2026-02-28' });
    expect(screen.queryByRole('group', { name: /custom days/ })).toBeNull();
  });

  it("Custom shows two date columns with 'to' between them, starting from the days shown", async () => {
    const { changes, user } = renderPicker(presetRange('last_7_days', today));
    await user.click(screen.getByRole('combobox', { name: 'Date range' }));
    await user.click(screen.getByRole('option', { name: 'Custom' }));
    expect(changes.at(-1)).toEqual({ preset: 'custom', start: '2026-03-04', end: '2026-03-10' });
    const custom = screen.getByRole('group', { name: 'Date range: custom days' });
    const from = within(custom).getByRole('textbox', { name: 'From' });
    const to = within(custom).getByRole('textbox', { name: 'To' });
    expect(from).toHaveValue('03/04/2026');
    expect(to).toHaveValue('03/10/2026');
    expect(custom.textContent).toContain('to');

    await user.clear(to);
    await user.type(to, '02/01/2026');
    expect(await within(custom).findByText('Date must be after 03/04/2026')).toBeInTheDocument();
    expect(changes.at(-1)?.end).not.toBe('2026-02-01');

    await user.clear(from);
    await user.type(from, '01/15/2026');
    expect(changes.at(-1)).toEqual({ preset: 'custom', start: '2026-01-15', end: '2026-02-01' });
    expect(within(custom).queryByText(/Date must be after/)).toBeNull();
  });
});
