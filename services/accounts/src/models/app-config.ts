import mongoose, { Schema } from 'mongoose';
import { withOutbox } from '@portal/service-kit';
import { INTERNAL_CONFIG_KEYS, type AppConfig as AppConfigValues } from '@portal/contracts';

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
  'sigs.show': true,
  // issue 14: the route maps work offline (zip centroids, state outlines), so they are on unless switched off
  scheduleMapsEnabled: true,
  menu: {},
};

export async function readConfig(): Promise<AppConfigValues> {
  const docs = await AppConfig.find({}).lean();
  const stored = Object.fromEntries(docs.map((d) => [d.key, d.value]));
  return { ...DEFAULT_CONFIG, ...stored };
}

/** The config without the internal keys: what the public GET /api/utils/config answers. */
export function publicConfig(config: AppConfigValues): AppConfigValues {
  const out = { ...config };
  for (const k of INTERNAL_CONFIG_KEYS) delete out[k];
  return out;
}
