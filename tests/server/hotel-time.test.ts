import { describe, expect, it } from 'vitest';
import {
  addDays,
  currentNightId,
  daysBetween,
  hasReached,
  isCalendarDate,
  localDate,
} from '../../server/domain/hotel-time.ts';
import { remainingDays } from '../../server/domain/stays.ts';

describe('hotel-local time', () => {
  it('takes the date in the hotel time zone', () => {
    const instant = new Date('2026-06-01T22:30:00Z');
    expect(localDate(instant, 'Europe/Paris')).toBe('2026-06-02');
    expect(localDate(instant, 'America/New_York')).toBe('2026-06-01');
  });
  it('keeps the current night until 04:00 local time', () => {
    expect(currentNightId(new Date('2026-06-02T01:30:00Z'), 'Europe/Paris')).toBe('2026-06-01');
    expect(currentNightId(new Date('2026-06-02T02:30:00Z'), 'Europe/Paris')).toBe('2026-06-02');
  });
  it('counts days across month ends and DST changes', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-06-05', '2026-06-01')).toBe(-4);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
  });
  it('computes remainingDays: the started days until check-out, null without end date, 0 when finished or past', () => {
    const now = new Date('2026-06-10T10:00:00Z');
    const base = { status: 'active', time_zone: 'Europe/Paris', checkout_time: '12:00', ends_by: '2026-06-24' };
    expect(remainingDays({ ...base, end_date: null }, now)).toBeNull();
    expect(remainingDays({ ...base, end_date: null, ends_by: '2026-06-10' }, now)).toBe(0);
    expect(remainingDays({ ...base, end_date: '2026-06-13' }, now)).toBe(4);
    expect(remainingDays({ ...base, end_date: '2026-06-10' }, now)).toBe(0);
    expect(remainingDays({ ...base, end_date: '2026-06-10', checkout_time: '12:01' }, now)).toBe(1);
    expect(remainingDays({ ...base, end_date: '2026-06-01' }, now)).toBe(0);
    expect(remainingDays({ ...base, status: 'finished', end_date: '2026-06-13' }, now)).toBe(0);
  });
  it('compares hotel-local wall-clock times, in summer and winter time', () => {
    expect(hasReached(new Date('2026-06-12T09:59:00Z'), 'Europe/Paris', '2026-06-12', '12:00')).toBe(false);
    expect(hasReached(new Date('2026-06-12T10:00:00Z'), 'Europe/Paris', '2026-06-12', '12:00')).toBe(true);
    expect(hasReached(new Date('2026-01-12T10:59:00Z'), 'Europe/Paris', '2026-01-12', '12:00')).toBe(false);
    expect(hasReached(new Date('2026-01-12T11:00:00Z'), 'Europe/Paris', '2026-01-12', '12:00')).toBe(true);
    expect(hasReached(new Date('2026-01-11T23:00:00Z'), 'Europe/Paris', '2026-01-11', '12:00')).toBe(true);
  });
});
