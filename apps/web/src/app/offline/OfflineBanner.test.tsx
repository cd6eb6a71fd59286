// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { reportApiReachable } from './network-status';
import { OfflineBanner } from './OfflineBanner';

const renderBanner = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <OfflineBanner />
    </I18nextProvider>,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  reportApiReachable(true);
});

describe('OfflineBanner', () => {
  it('shows nothing while online', () => {
    renderBanner();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says so, as a status, when the browser goes offline, and leaves when it is back', () => {
    renderBanner();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status').textContent).toBe(i18n.t('shell.offline'));
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows when the API stopped answering (network failure) though the browser says online', () => {
    renderBanner();
    act(() => reportApiReachable(false));
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => reportApiReachable(true));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
