// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';

function Screen({ broken }: { broken: boolean }) {
  if (broken) throw new Error('boom');
  return <p>screen</p>;
}

describe('ErrorBoundary', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the fallback with the error a child threw, and the children again once the reset key changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fallback = (error: unknown) => <p>failed: {(error as Error).message}</p>;
    const { rerender } = render(
      <ErrorBoundary resetKey="/minha-conta" fallback={fallback}>
        <Screen broken />
      </ErrorBoundary>,
    );
    expect(screen.getByText('failed: boom')).toBeTruthy();

    // Same path: the error stays.
    rerender(
      <ErrorBoundary resetKey="/minha-conta" fallback={fallback}>
        <Screen broken={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('failed: boom')).toBeTruthy();

    rerender(
      <ErrorBoundary resetKey="/home" fallback={fallback}>
        <Screen broken={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('screen')).toBeTruthy();
  });
});
