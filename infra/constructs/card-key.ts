import { Key } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';

/** The KMS key that makes the data keys sealing card numbers (docs/operations/deploying.md). */
export const createCardKey = (scope: Construct, id: string): Key =>
  new Key(scope, id, {
    description: 'Wattle: data keys for card numbers',
    enableKeyRotation: true,
  });
