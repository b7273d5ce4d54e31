import { App } from 'aws-cdk-lib';
import { buildStack } from './stack.ts';

const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;

const app = new App();
buildStack(app, 'Wattle', account || region ? { env: { account, region } } : {});
app.synth();
