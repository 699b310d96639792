// The day a packet prints, in Guadalajara (the signing place): the forms' dates and the PDF's.
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' });

export interface PrintDay {
  /** Noon of that day in the server's zone: formats as that day wherever the server runs. */
  local: Date;
  /** Noon UTC of that day: the PDF's creation date, the same for every print of the day, and that day in Mexico's readers too. */
  utc: Date;
}

export function printDay(now = new Date()): PrintDay {
  const [year, month, day] = DAY.format(now).split('-').map(Number) as [number, number, number];
  return { local: new Date(year, month - 1, day, 12), utc: new Date(Date.UTC(year, month - 1, day, 12)) };
}
