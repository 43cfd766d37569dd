package io.simdcrypt.bench.jmh_generated;
public class ChecksumBench_jmhType extends ChecksumBench_jmhType_B3 {
}

