package io.tablestoreycsb.cluster.objectstore;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.S3Configuration;

/** Builds the S3 client for OSS, S3 or MinIO. */
public final class S3Clients {
  private S3Clients() {
  }

  public static S3Client create(ObjectStoreSettings settings, ObjectStoreCredentials credentials) {
    S3ClientBuilder builder = S3Client.builder()
        .httpClient(UrlConnectionHttpClient.create())
        .region(Region.of(settings.region()))
        .credentialsProvider(StaticCredentialsProvider.create(
            AwsBasicCredentials.create(credentials.accessKeyId(), credentials.secretAccessKey())))
        .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(settings.pathStyle()).build())
        // SDK 2.30 began sending CRC checksums (aws-chunked uploads) on every request; OSS and older
        // MinIO releases reject those, and S3 needs them only where its API requires them.
        .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
        .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
    if (settings.endpoint() != null) {
      builder.endpointOverride(settings.endpoint());
    }
    return builder.build();
  }
}
