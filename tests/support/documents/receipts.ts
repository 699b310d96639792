// CFE and TELMEX bills as a customer photographs them: the company's marks, the customer's name and
// address block ending with the postal code, the amounts. Drawn at about 150 dpi on a half letter.
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Person } from './people';
import { text } from './canvas-text';

function page() {
  const canvas = createCanvas(1240, 900);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  return { canvas, ctx };
}

const fullName = (person: Person) => `${person.nombre} ${person.apellido_paterno} ${person.apellido_materno}`;

function addressBlock(ctx: SKRSContext2D, person: Person, y: number) {
  const { calle, codigo_postal, colonia } = person.address;
  [fullName(person), calle, `COL. ${colonia.colonia.toUpperCase()}`, `C.P. ${codigo_postal} ${colonia.municipio.toUpperCase()}, ${colonia.estado.toUpperCase()}`].forEach((line, i) =>
    text(ctx, line, 80, y + i * 40, 28),
  );
}

export function cfeReceipt(person: Person): Buffer {
  const { canvas, ctx } = page();
  ctx.fillStyle = '#0a7a3d';
  ctx.fillRect(60, 40, 140, 70);
  text(ctx, 'CFE', 85, 50, 48, { bold: true, color: '#ffffff' });
  text(ctx, 'Comisión Federal de Electricidad', 230, 48, 32, { bold: true });
  text(ctx, 'SUMINISTRADOR DE SERVICIOS BÁSICOS', 230, 90, 24);
  addressBlock(ctx, person, 190);
  text(ctx, 'NO. DE SERVICIO: 504 170 402 133', 80, 420, 28);
  text(ctx, 'TARIFA: 01   NO. MEDIDOR: 7G1K3N', 80, 465, 28);
  text(ctx, 'PERIODO FACTURADO: 12 SEP 25 - 11 NOV 25', 80, 510, 28);
  text(ctx, 'CONSUMO: 245 kWh', 80, 555, 28);
  text(ctx, 'TOTAL A PAGAR: $412', 80, 620, 36, { bold: true });
  return canvas.toBuffer('image/png');
}

export function telmexReceipt(person: Person): Buffer {
  const { canvas, ctx } = page();
  ctx.fillStyle = '#0049a3';
  ctx.fillRect(60, 40, 230, 70);
  text(ctx, 'TELMEX', 80, 50, 46, { bold: true, color: '#ffffff' });
  text(ctx, 'Teléfonos de México, S.A.B. de C.V.', 320, 55, 30, { bold: true });
  addressBlock(ctx, person, 190);
  const phone = person.telefono;
  text(ctx, `TELÉFONO: ${phone.slice(0, 2)} ${phone.slice(2, 6)} ${phone.slice(6)}`, 80, 420, 28);
  text(ctx, 'MES DE FACTURACIÓN: NOVIEMBRE 2025', 80, 465, 28);
  text(ctx, 'PAQUETE INFINITUM 200 MEGAS', 80, 510, 28);
  text(ctx, 'TOTAL A PAGAR: $389.00', 80, 580, 36, { bold: true });
  return canvas.toBuffer('image/png');
}
