// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../app/i18n';
import { RichTextEditor } from './RichTextEditor';

describe('RichTextEditor toolbar (issue 17 point 12: one tab stop, arrow keys inside)', () => {
  afterEach(() => cleanup());

  it('is a single tab stop whose arrows, Home and End move between the buttons', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <RichTextEditor label="Mensagem" value="" onChange={() => {}} />
      </I18nextProvider>,
    );
    const toolbar = screen.getByRole('toolbar');
    const buttons = within(toolbar).getAllByRole('button');
    const tabStops = () => buttons.filter((b) => b.tabIndex === 0);
    expect(tabStops()).toEqual([buttons[0]]);

    fireEvent.keyDown(buttons[0] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]);
    expect(tabStops()).toEqual([buttons[1]]);

    fireEvent.keyDown(buttons[1] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(buttons.at(-1));
    fireEvent.keyDown(buttons.at(-1) as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0] as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(buttons.at(-1));
    expect(tabStops()).toEqual([buttons.at(-1)]);
  });
});
