// pkijs's engine over this process's WebCrypto, passed to each pkijs check: @libpdf/core replaces
// pkijs's global engine with its own when it signs, and signatures fail to verify through that one.
import * as pkijs from 'pkijs';

export const webCrypto = () => new pkijs.CryptoEngine({ name: 'webcrypto', crypto: globalThis.crypto });
