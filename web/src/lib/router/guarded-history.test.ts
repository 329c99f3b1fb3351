import { UNSAFE_createMemoryHistory } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createGuardedHistory, type LeaveCheck, type LocationUpdate } from './guarded-history';

function setUp(initialEntries = ['/templates/t1']) {
  const history = UNSAFE_createMemoryHistory({ initialEntries, initialIndex: initialEntries.length - 1, v5Compat: true });
  const guarded = createGuardedHistory(history);
  const heard: LocationUpdate[] = [];
  guarded.listen((update) => heard.push(update));
  let dirty = true;
  const check: LeaveCheck = ({ currentPathname, nextPathname }) => dirty && currentPathname !== nextPathname;
  guarded.addCheck(check);
  return {
    history,
    guarded,
    check,
    heard: () => heard.map((update) => `${update.action} ${update.location.pathname}`),
    save: () => {
      dirty = false;
    },
  };
}

describe('createGuardedHistory', () => {
  it('holds a push to another page while a check says so, and makes it on proceed', () => {
    const { history, guarded, check, heard } = setUp();
    guarded.navigator.push('/sessions');
    expect(history.location.pathname).toBe('/templates/t1');
    expect(heard()).toEqual([]);
    const held = guarded.heldFor(check);
    expect(held.state).toBe('blocked');

    held.proceed?.();
    expect(history.location.pathname).toBe('/sessions');
    expect(heard()).toEqual(['PUSH /sessions']);
    expect(guarded.heldFor(check).state).toBe('unblocked');
  });

  it('drops a held push on reset, and lets one through once the work is saved', () => {
    const { history, guarded, check, heard, save } = setUp();
    guarded.navigator.replace('/sessions');
    guarded.heldFor(check).reset?.();
    expect(history.location.pathname).toBe('/templates/t1');
    expect(guarded.heldFor(check).state).toBe('unblocked');

    save();
    guarded.navigator.push('/sessions');
    expect(heard()).toEqual(['PUSH /sessions']);
  });

  it('lets a move within the page through (a search parameter, the same path)', () => {
    const { guarded, heard } = setUp();
    guarded.navigator.push('/templates/t1?tab=preview');
    expect(heard()).toEqual(['PUSH /templates/t1']);
  });

  it('undoes a Back the browser already made, and makes it again on proceed', () => {
    const { history, guarded, check, heard } = setUp(['/sessions', '/templates/t1']);
    history.go(-1);
    // Undone: the history is back on the editor and the app never heard it leave.
    expect(history.location.pathname).toBe('/templates/t1');
    expect(heard()).toEqual([]);
    expect(guarded.heldFor(check).state).toBe('blocked');

    guarded.heldFor(check).proceed?.();
    expect(history.location.pathname).toBe('/sessions');
    expect(heard()).toEqual(['POP /sessions']);
  });

  it('keeps the page on a Back the user then cancels, and checks the next one again', () => {
    const { history, guarded, check, heard } = setUp(['/sessions', '/templates/t1']);
    history.go(-1);
    guarded.heldFor(check).reset?.();
    expect(history.location.pathname).toBe('/templates/t1');

    history.go(-1);
    expect(guarded.heldFor(check).state).toBe('blocked');
    expect(heard()).toEqual([]);
  });

  it('answers only the check that held, and forgets a hold whose page has gone', () => {
    const { guarded, check } = setUp();
    const other: LeaveCheck = () => false;
    guarded.addCheck(other);
    const onChange = vi.fn();
    guarded.subscribe(onChange);
    guarded.navigator.push('/sessions');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(guarded.heldFor(other)).toEqual({ state: 'unblocked' });
    // The same object while nothing changes (useSyncExternalStore compares snapshots by identity).
    expect(guarded.heldFor(check)).toBe(guarded.heldFor(check));

    const removeCheck = guarded.addCheck(check);
    removeCheck();
    expect(guarded.heldFor(check).state).toBe('unblocked');
  });
});
