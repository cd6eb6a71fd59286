// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { TOUCH_TOOLTIP } from '../../ui/touch-tooltip';
import { EXCERPT_MAX, excerptOf, InboxItemExtras } from './InboxItemExtras';

const arquivo = (id: string) => ({
  __typename: 'ArquivoComunicado' as const,
  id,
  nome: `${id}.pdf`,
  tamanho: 10,
  imagem: false,
  arquivoLink: `/files/${id}`,
});

function renderIt(c: Parameters<typeof InboxItemExtras>[0]['comunicado']) {
  render(
    <I18nextProvider i18n={i18n}>
      <InboxItemExtras comunicado={c} />
    </I18nextProvider>,
  );
}

describe('the inbox item says more (issue 17 point 10)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('excerpts the message as plain text, cut at a word', () => {
    expect(excerptOf('<h2>Atenção</h2><p>As oficinas abrem às <strong>8&nbsp;h</strong>.</p>')).toBe(
      'Atenção As oficinas abrem às 8 h.',
    );
    const long = `<p>${'palavra '.repeat(60)}</p>`;
    const cut = excerptOf(long);
    expect(cut.length).toBeLessThanOrEqual(EXCERPT_MAX + 1);
    expect(cut.endsWith('palavra…')).toBe(true);
    expect(excerptOf('<img src="x.png">')).toBe('');
  });

  it('shows the excerpt, the attachments, the tags and the confirmation asked', () => {
    renderIt({
      mensagem: '<p>Revisões com <b>desconto</b> em abril.</p>',
      arquivos: [arquivo('a'), arquivo('b')],
      etiquetas: ['pós-venda', 'campanha'],
      exigeConfirmacao: true,
    });
    expect(screen.getByTestId('inbox-excerpt').textContent).toBe('Revisões com desconto em abril.');
    expect(screen.getByRole('img', { name: 'Tem anexos: 2' })).toBeTruthy();
    const tags = screen.getByRole('list', { name: 'Etiquetas' });
    expect(tags.textContent).toBe('pós-vendacampanha');
    expect(screen.getByText('Pede confirmação de leitura')).toBeTruthy();
  });

  it('shows no indicator row for a plain message', () => {
    renderIt({ mensagem: '<p>Olá.</p>', arquivos: [], etiquetas: [], exigeConfirmacao: false });
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('a tap leaves no tooltip standing; a long press shows it and it goes after the finger lifts', () => {
    vi.useFakeTimers();
    renderIt({ mensagem: '<p>x</p>', arquivos: [arquivo('a')], etiquetas: [], exigeConfirmacao: false });
    const icon = screen.getByRole('img', { name: 'Tem anexos: 1' });
    // A tap: touch, then the mouse events a touch screen emulates.
    fireEvent.touchStart(icon);
    fireEvent.touchEnd(icon);
    fireEvent.mouseOver(icon);
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.queryByRole('tooltip')).toBeNull();
    // A long press opens it; it closes once the finger lifts.
    fireEvent.touchStart(icon);
    // The touch delay, then the tooltip's own enter delay (100 ms).
    act(() => vi.advanceTimersByTime(TOUCH_TOOLTIP.enterTouchDelay + 200));
    expect(screen.getByRole('tooltip').textContent).toBe('Tem anexos: 1');
    fireEvent.touchEnd(icon);
    act(() => vi.advanceTimersByTime(TOUCH_TOOLTIP.leaveTouchDelay + 50));
    // Then its closing transition.
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
