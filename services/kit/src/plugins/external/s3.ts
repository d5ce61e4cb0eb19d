import fp from 'fastify-plugin';
import { Client } from 'minio';

/** The object store (S3 API); a client holds no connection, so nothing to close. */
export default fp(
  async (app) => {
    const { S3_ENDPOINT, S3_PORT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_USE_SSL } = app.env;
    app.decorate(
      's3',
      new Client({
        endPoint: S3_ENDPOINT,
        port: S3_PORT,
        useSSL: S3_USE_SSL,
        accessKey: S3_ACCESS_KEY,
        secretKey: S3_SECRET_KEY,
        pathStyle: true,
      }),
    );
  },
  { name: 's3' },
);
