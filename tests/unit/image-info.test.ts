import { describe, expect, test } from "vitest";
import { imageInfo } from "~/utils/image-info.server";
import { jpegHeaderOf, pngOf } from "../support/thumbnail-host";

function webp(chunk: string, payload: number[]) {
  const body = Buffer.concat([Buffer.from("WEBP"), Buffer.from(chunk), Buffer.alloc(4), Buffer.from(payload)]);
  const riff = Buffer.alloc(8);
  riff.write("RIFF");
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body, Buffer.alloc(16)]);
}

describe("the type and size of a picture, from its own bytes", () => {
  test("PNG", () => {
    expect(imageInfo(pngOf(480, 360, [1, 2, 3]))).toEqual({ contentType: "image/png", width: 480, height: 360 });
  });

  test("JPEG, with other segments before the frame, baseline or progressive", () => {
    expect(imageInfo(jpegHeaderOf(1280, 720))).toEqual({ contentType: "image/jpeg", width: 1280, height: 720 });
    const progressive = jpegHeaderOf(320, 180);
    progressive[21] = 0xc2;
    expect(imageInfo(progressive)).toEqual({ contentType: "image/jpeg", width: 320, height: 180 });
  });

  test("WebP: lossy, lossless and extended", () => {
    // Lossy: three frame-tag bytes, the start code, then 14-bit sizes.
    expect(imageInfo(webp("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0xe0, 0x01, 0x68, 0x01]))).toMatchObject({
      width: 480,
      height: 360,
    });
    // Lossless: the signature byte, then width-1 and height-1 in 14 bits each.
    const bits = (480 - 1) | ((360 - 1) << 14);
    expect(
      imageInfo(webp("VP8L", [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >> 24) & 0xff])),
    ).toMatchObject({
      width: 480,
      height: 360,
    });
    // Extended: flags, then width-1 and height-1 in 24 bits each.
    expect(imageInfo(webp("VP8X", [0, 0, 0, 0, 0xdf, 0x01, 0x00, 0x67, 0x01, 0x00]))).toEqual({
      contentType: "image/webp",
      width: 480,
      height: 360,
    });
  });

  test("anything else, a cut-off header or an empty picture is no picture", () => {
    expect(imageInfo(Buffer.from("<!doctype html><title>Not a picture</title>"))).toBeNull();
    expect(imageInfo(Buffer.alloc(0))).toBeNull();
    expect(imageInfo(pngOf(480, 360, [0, 0, 0]).subarray(0, 20))).toBeNull();
    expect(imageInfo(jpegHeaderOf(480, 360).subarray(0, 24))).toBeNull();
    expect(imageInfo(jpegHeaderOf(0, 360))).toBeNull();
    expect(imageInfo(Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0]))).toBeNull(); // a GIF
  });
});
