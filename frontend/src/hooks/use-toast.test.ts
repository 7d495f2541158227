import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast, useToasts } from './use-toast';

describe('toast store', () => {
  it('holds one toast, the newest replacing the older', () => {
    const { result } = renderHook(() => useToasts());

    act(() => {
      toast({ title: 'first' });
      toast({ title: 'second' });
    });

    expect(result.current.map((item) => item.title)).toEqual(['second']);
  });

  it('marks a dismissed toast closed', () => {
    const { result } = renderHook(() => useToasts());

    act(() => {
      toast({ title: 'shown' }).dismiss();
    });

    expect(result.current[0]).toMatchObject({ title: 'shown', open: false });
  });
});
