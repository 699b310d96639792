// The search toolbar the staff lists and 'Correos enviados' share: a search landmark with its name,
// a labelled box whose text is sent trimmed (runs of spaces made one) with the button or Enter, each
// filter applied as it is chosen, 'Quitar filtros' only while something narrows the table, and a
// search brought by Back shown in the box unless the person is typing another.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SearchToolbar, ToolbarSelect, type SearchToolbarProps } from '../../src/components/search-toolbar';

function Toolbar(props: Partial<SearchToolbarProps> & { onState?: (value: string) => void }) {
  const { onState = () => undefined, ...rest } = props;
  return (
    <MemoryRouter>
      <SearchToolbar label="Buscar y filtrar los correos" searchId="prueba-busqueda" hint="Correo del destinatario" q="" maxLength={20} onSearch={() => undefined} clearHref={null} {...rest}>
        <ToolbarSelect id="prueba-estado" label="Estado" value="" options={[{ value: '', label: 'Todos' }, { value: 'enviado', label: 'Enviado' }]} onChange={onState} />
      </SearchToolbar>
    </MemoryRouter>
  );
}

describe('SearchToolbar', () => {
  it('sends the search trimmed, by button and by Enter, and each filter as it is chosen', async () => {
    const onSearch = vi.fn();
    const onState = vi.fn();
    render(<Toolbar onSearch={onSearch} onState={onState} />);
    expect(screen.getByRole('search', { name: 'Buscar y filtrar los correos' })).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    expect(box).toHaveAccessibleDescription('Correo del destinatario');
    expect(box).toHaveAttribute('maxlength', '20');
    await userEvent.type(box, '  ana   lópez ');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSearch).toHaveBeenLastCalledWith('ana lópez');
    await userEvent.clear(box);
    await userEvent.type(box, ' x@y.mx {Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('x@y.mx');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Enviado');
    expect(onState).toHaveBeenCalledWith('enviado');
  });

  it("offers 'Quitar filtros' only while something narrows the table", () => {
    const { rerender } = render(<Toolbar />);
    expect(screen.queryByRole('link', { name: 'Quitar filtros' })).toBeNull();
    rerender(<Toolbar q="ana" clearHref="/correos" />);
    expect(screen.getByRole('link', { name: 'Quitar filtros' })).toHaveAttribute('href', '/correos');
  });

  it('shows a search the URL brings, unless the person is typing one', async () => {
    const { rerender } = render(<Toolbar q="ana" />);
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    expect(box).toHaveValue('ana');
    rerender(<Toolbar q="luis" />);
    expect(box).toHaveValue('luis');
    await userEvent.click(box);
    await userEvent.type(box, ' p');
    rerender(<Toolbar q="" />);
    expect(box).toHaveValue('luis p');
  });
});
