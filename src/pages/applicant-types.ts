// The three applicant types of the home menu and what each must have ready (spec 01 §2).
export type ApplicantKind = 'pf' | 'pfae' | 'pm';

export interface ApplicantType {
  kind: ApplicantKind;
  title: string;
  description: string;
  route: string;
  /** Sections of the 'Ver información requerida' modal: a heading and its items. */
  requirements: Array<{ heading: string; items: string[] }>;
}

const generalData = {
  heading: 'Datos generales',
  items: [
    'Identificación oficial (INE, cédula profesional, pasaporte o cartilla)',
    'Nombre completo',
    'RFC con homoclave',
    'CURP',
    'Fecha de nacimiento',
    'Teléfono celular',
    'Correo electrónico',
    'Estado civil; si es casado, el nombre del cónyuge y el régimen matrimonial',
  ],
};
const housing = {
  heading: 'Vivienda',
  items: ['Tipo de vivienda y años de residencia', 'Valor aproximado, hipoteca o renta mensual', 'Teléfono y domicilio con código postal'],
};
const assets = {
  heading: 'Activos y pasivos',
  items: ['Valor de tu vivienda, automóvil y otras propiedades', 'Deudas de vivienda, automóvil y otras propiedades'],
};
const references = {
  heading: 'Referencias',
  items: ['Una referencia familiar: nombre, parentesco y teléfono', 'Dos referencias personales: nombre, años de conocerlo y teléfono'],
};

export const APPLICANT_TYPES: ApplicantType[] = [
  {
    kind: 'pf',
    title: 'Persona Física',
    description: 'Solicita a título personal.',
    route: '/pf',
    requirements: [
      generalData,
      housing,
      { heading: 'Empleo', items: ['Empresa donde trabajas y fecha de ingreso', 'Actividad económica', 'Teléfono y domicilio del empleo'] },
      assets,
      references,
    ],
  },
  {
    kind: 'pfae',
    title: 'Persona Física con actividad empresarial',
    description: 'Solicita como persona física que realiza una actividad empresarial.',
    route: '/pfae',
    requirements: [
      generalData,
      housing,
      {
        heading: 'Empleo',
        items: [
          'Empresa y fecha de ingreso',
          'Actividad económica, profesión y puesto actual',
          'Teléfono y domicilio del empleo',
          'Domicilio fiscal y domicilio operativo',
        ],
      },
      assets,
      references,
    ],
  },
  {
    kind: 'pm',
    title: 'Persona Moral',
    description: 'Solicita a nombre de una empresa.',
    route: '/pm',
    requirements: [
      {
        heading: 'Datos generales de la empresa',
        items: [
          'Razón social y RFC',
          'Fecha de constitución',
          'Sector, actividad económica y número de empleados',
          'Teléfonos',
          'Domicilio fiscal y domicilio operativo',
        ],
      },
      { heading: 'Contactos', items: ['Representantes legales: nombre, correo, RFC, puesto y teléfono', 'Contacto de pagos'] },
      { heading: 'Accionistas mayoritarios', items: ['Tipo de persona, nombre o razón social, RFC y porcentaje de participación'] },
      { heading: 'Referencias (Proveedores)', items: ['Nombre o razón social, contacto, puesto y teléfono de tus proveedores'] },
      { heading: 'Avales', items: ['La información de cada aval: persona física, con actividad empresarial o moral'] },
    ],
  },
];
