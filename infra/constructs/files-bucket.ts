import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

/**
 * Days a file's bytes are kept after the upload: the domain's `fileRetentionDays` (the stack
 * imports nothing of the domain; a unit test holds the two together). A day more, so the object
 * outlives the file's metadata and a GET that still shows the file can still download it.
 */
export const fileObjectRetentionDays = 366;

/**
 * The bucket of uploaded files' bytes (POST /files): encrypted with S3's own keys, never public,
 * reachable over TLS only, and emptied by its lifecycle rule after the files' retention. Only the
 * files function is granted access (stack.ts), and downloads go through the URLs it presigns.
 */
export const createFilesBucket = (scope: Construct, id: string): Bucket => {
  const bucket = new Bucket(scope, id, {
    encryption: BucketEncryption.S3_MANAGED,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    enforceSSL: true,
    versioned: false,
    lifecycleRules: [
      { id: 'expire-files', expiration: Duration.days(fileObjectRetentionDays) },
      { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
    ],
    // Merchants' evidence outlives a stack that is torn down by mistake.
    removalPolicy: RemovalPolicy.RETAIN,
  });
  Validations.of(bucket).acknowledge({
    id: 'AwsSolutions-S1',
    reason:
      "Every request that reaches the bucket is the files function's (its role alone is granted) or a download through a URL it presigned for one merchant's GET, which the API's access log and the function's log already record.",
  });
  return bucket;
};
