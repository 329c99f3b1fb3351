import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { afterStaleSave, isStaleCounter, sectionControls, undoTarget } from './section-editing';

describe('isStaleCounter', () => {
  it('is a 409 naming the counter, and nothing else', () => {
    expect(isStaleCounter(new ApiError({ status: 409, code: 'conflict', message: 'x', field: 'counter' }))).toBe(true);
    expect(isStaleCounter(new ApiError({ status: 409, code: 'conflict', message: 'x' }))).toBe(false);
    expect(isStaleCounter(new ApiError({ status: 400, code: 'invalid_argument', message: 'x', field: 'counter' }))).toBe(false);
    expect(isStaleCounter(new Error('409'))).toBe(false);
  });
});

describe('afterStaleSave', () => {
  it('saves again when only other sections changed, once', () => {
    expect(afterStaleSave({ latestContent: 'As found', base: 'As found', retried: false })).toBe('save-again');
    expect(afterStaleSave({ latestContent: 'As found', base: 'As found', retried: true })).toBe('conflict');
  });

  it('asks the clinician when this section changed elsewhere', () => {
    expect(afterStaleSave({ latestContent: 'Someone else’s text', base: 'As found', retried: false })).toBe('conflict');
  });
});

describe('sectionControls', () => {
  it('allows rewrites only with nothing unsaved and nothing in flight', () => {
    expect(sectionControls({ dirty: false, rewriting: false, saving: false })).toEqual({ textLocked: false, rewriteBlocked: false, explainRewriteBlocked: false });
    expect(sectionControls({ dirty: true, rewriting: false, saving: false })).toMatchObject({ rewriteBlocked: true, explainRewriteBlocked: true, textLocked: false });
    expect(sectionControls({ dirty: false, rewriting: false, saving: true })).toMatchObject({ rewriteBlocked: true, explainRewriteBlocked: false });
  });

  it('locks the text while a rewrite replaces it', () => {
    expect(sectionControls({ dirty: false, rewriting: true, saving: false })).toMatchObject({ textLocked: true, rewriteBlocked: true });
  });
});

describe('undoTarget', () => {
  it('is the newest kept version when the rewrite being undone replaced it, and nothing once the section moved on', () => {
    const versions = [{ id: 'b', counter: 7 }, { id: 'a', counter: 4 }];
    expect(undoTarget(versions, 7)).toEqual({ id: 'b', counter: 7 });
    expect(undoTarget(versions, 5)).toBeNull();
    expect(undoTarget([], 7)).toBeNull();
  });
});
