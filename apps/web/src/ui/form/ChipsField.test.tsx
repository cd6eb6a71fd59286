// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChipsField, EMAIL_SEPARATORS } from './ChipsField';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function Emails({ initial = [] as string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ChipsField
        label="E-mails"
        value={value}
        onChange={setValue}
        separators={EMAIL_SEPARATORS}
        accept={(text) => (EMAIL.test(text) ? { value: text.toLowerCase() } : { error: 'E-mail inválido' })}
      />
      <output>{value.join('|')}</output>
    </>
  );
}

const field = () => screen.getByLabelText('E-mails') as HTMLInputElement;
const chips = () => screen.getByRole('status').textContent;

describe('ChipsField (issue 17 point 8: nothing typed is lost)', () => {
  afterEach(() => cleanup());

  it('adds each valid address of a pasted list, separated by ; , spaces or new lines, and keeps the invalid ones', () => {
    render(<Emails initial={['ana@x.com']} />);
    fireEvent.paste(field(), {
      clipboardData: { getData: () => 'Bia@x.com; carlos@, dani@y.com\nana@x.com  errado\teva@z.com' },
    });
    expect(chips()).toBe('ana@x.com|bia@x.com|dani@y.com|eva@z.com');
    expect(field().value).toBe('carlos@, errado');
    expect(screen.getByText('E-mail inválido')).toBeTruthy();
  });

  it('splits a list typed with separators too, keeping what follows the last one to go on typing', () => {
    render(<Emails />);
    fireEvent.change(field(), { target: { value: 'ana@x.com, bia@x.com; car' } });
    expect(chips()).toBe('ana@x.com|bia@x.com');
    expect(field().value).toBe('car');
  });

  it('keeps an invalid typed address in the field to be corrected, then adds it once right', () => {
    render(<Emails />);
    fireEvent.change(field(), { target: { value: 'joao@empresa' } });
    fireEvent.change(field(), { target: { value: 'joao@empresa ' } });
    expect(chips()).toBe('');
    expect(field().value).toBe('joao@empresa');
    fireEvent.change(field(), { target: { value: 'joao@empresa.com ' } });
    expect(chips()).toBe('joao@empresa.com');
    expect(field().value).toBe('');
  });
});
