// A moment as people read it here: '25 de noviembre de 2026, 21:31' (history, PLD review, alerts), or
// '25/11/2026 21:31' in a table's cell (lists, documents, signatures).
import { format } from 'date-fns';
import { es } from 'date-fns/locale';

export const dateTimeText = (iso: string) => format(new Date(iso), "d 'de' MMMM 'de' yyyy, HH:mm", { locale: es });

/** A moment in a table's cell: '25/11/2026 21:31'. */
export const cellDateTimeText = (iso: string) => format(new Date(iso), 'dd/MM/yyyy HH:mm');
