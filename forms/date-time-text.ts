// A moment as people read it here: '25 de noviembre de 2026, 21:31' (history, PLD review, alerts).
import { format } from 'date-fns';
import { es } from 'date-fns/locale';

export const dateTimeText = (iso: string) => format(new Date(iso), "d 'de' MMMM 'de' yyyy, HH:mm", { locale: es });
