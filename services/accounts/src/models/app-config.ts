import mongoose, { Schema } from 'mongoose';
import { withOutbox } from '@portal/service-kit';
import {
  CONFIG_SWITCH_DEFAULTS,
  INTERNAL_CONFIG_KEYS,
  NEW_LICENCE_PLACEHOLDER,
  switchValues,
  type AppConfig as AppConfigValues,
} from '@portal/contracts';

/** One document per config key (spec §3 "App config"); read by key, merged over DEFAULT_CONFIG. */
const appConfigSchema = new Schema(
  {
    key: { type: String, required: true, unique: true },
    value: { type: Schema.Types.Mixed },
  },
  { timestamps: true, minimize: false },
);
appConfigSchema.plugin(withOutbox);

export const AppConfig = mongoose.model('AppConfig', appConfigSchema);

export const DEFAULT_CONFIG: AppConfigValues = {
  logoType: 'orig',
  hideRoutes: [],
  signupEmails: ['admin@demo.portal'],
  'account.toslink': '',
  // every switch unset is its default (contracts' one table), so a screen reading the public config sees the value
  // the services apply, never its own guess
  ...CONFIG_SWITCH_DEFAULTS,
  // accounts §9: the spec's default licence id for a new licence record, unless config overrides it
  defaultId: NEW_LICENCE_PLACEHOLDER,
};

export async function readConfig(): Promise<AppConfigValues> {
  const docs = await AppConfig.find({}).lean();
  const stored = Object.fromEntries(docs.map((d) => [d.key, d.value]));
  // a switch as its effective boolean: stored flat or nested ({orders: {…}}), 'true'/'false' strings, or its default
  return { ...DEFAULT_CONFIG, ...stored, ...switchValues(stored) };
}

/** The config without the internal keys: what the public GET /api/utils/config answers. */
export function publicConfig(config: AppConfigValues): AppConfigValues {
  const out = { ...config };
  for (const k of INTERNAL_CONFIG_KEYS) delete out[k];
  return out;
}
