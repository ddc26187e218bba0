"""fp8q.bench.sass_loops on canned `cuobjdump -sass` text (no CUDA needed).

The parser finds each kernel's loops that hold a wgmma and counts their
instructions; a loop without one, a forward branch and a branch to an
address outside the kernel are not loops of it. The command line reports a
missing cuobjdump or cubin as an error with exit status 1.
"""

import os
import stat

import pytest

from fp8q.bench import sass_loops

SASS = """
	code for sm_90a
		Function : kernel_a
	.headerflags	@"EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)"
        /*0000*/                   MOV R1, c[0x0][0x28] ;
        /*0010*/                   UIADD3 UR4, UR4, 0x1, URZ ;
        /*0020*/                   LDG.E.CONSTANT R2, desc[UR16][R4.64] ;
        /*0030*/                   WARPGROUP.ARRIVE ;
        /*0040*/                   QGMMA.64x128x32.F32.E4M3.E4M3 R24, gdesc[UR24], RZ, !UPT ;
        /*0050*/                   QGMMA.64x128x32.F32.E4M3.E4M3 R24, gdesc[UR24], R24, gsb0 ;
        /*0060*/                   WARPGROUP.DEPBAR.LE gsb0, 0x0 ;
        /*0070*/                   FMUL R3, R2, R2 ;
        /*0080*/                   FFMA R90, R24, R3, R90 ;
        /*0090*/                   FFMA R91, R25, R3, R91 ;
        /*00a0*/              @!P0 BRA 0x10 ;
        /*00b0*/                   IADD3 R5, R5, 0x1, RZ ;
        /*00c0*/               @P1 BRA 0xb0 ;
        /*00d0*/                   BRA 0x100 ;
        /*00e0*/                   EXIT ;
		Function : kernel_b
        /*0000*/                   IADD3 R5, R5, 0x1, RZ ;
        /*0010*/               @P1 BRA 0x0 ;
        /*0020*/                   BRA 0x50 ;
        /*0030*/                   EXIT ;
"""


def test_parse_and_count():
    kernels = sass_loops.parse_sass(SASS)
    assert sorted(kernels) == ["kernel_a", "kernel_b"]
    assert len(kernels["kernel_a"]) == 15
    assert kernels["kernel_a"][4] == (
        0x40, "QGMMA.64x128x32.F32.E4M3.E4M3 R24, gdesc[UR24], RZ, !UPT")
    loops = sass_loops.wgmma_loops(kernels["kernel_a"])
    # 0x10..0xa0: the loop with the wgmma; 0xb0..0xc0 has none, 0xd0 is a
    # forward branch.
    assert len(loops) == 1
    loop = loops[0]
    assert (loop.start, loop.end) == (0x10, 0xa0)
    assert loop.instructions == 10
    assert loop.wgmma == 2
    assert (loop.ffma, loop.fmul, loop.uniform) == (2, 1, 1)
    assert loop.other == 7
    assert sass_loops.wgmma_loops(kernels["kernel_b"]) == []


def test_opcode_strips_guards_and_modifiers():
    assert sass_loops.opcode("@!P0 BRA 0x10") == "BRA"
    assert sass_loops.opcode("@UP2 UIADD3.X UR6, URZ, UR6") == "UIADD3"
    assert sass_loops.opcode("WARPGROUP.DEPBAR.LE gsb0, 0x0") == "WARPGROUP"


def test_command_line_with_a_stand_in_cuobjdump(tmp_path, capsys):
    tool = tmp_path / "cuobjdump"
    sass = tmp_path / "out.sass"
    sass.write_text(SASS)
    tool.write_text(f"#!/bin/sh\ncat {sass}\n")
    tool.chmod(tool.stat().st_mode | stat.S_IXUSR)
    cubin = tmp_path / "k.cubin"
    cubin.write_bytes(b"\x7fELF")
    assert sass_loops.main(["--cuobjdump", str(tool), str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "k.cubin" in out
    assert ("loop 0x10-0xa0: 10 instructions, 2 wgmma, 2 FFMA, 1 FMUL, "
            "1 uniform, 7 other (3.5 per wgmma)") in out
    assert "kernel_b: 4 instructions, 0 wgmma loops" in out


def test_command_line_errors(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(sass_loops.sysconfig, "get_paths",
                        lambda: {"purelib": str(tmp_path)})
    assert sass_loops.main([str(tmp_path)]) == 1
    assert "cuobjdump not found" in capsys.readouterr().err
    tool = tmp_path / "cuobjdump"
    tool.write_text("#!/bin/sh\necho bad input >&2\nexit 1\n")
    tool.chmod(tool.stat().st_mode | stat.S_IXUSR)
    assert sass_loops.main([str(tmp_path / "missing.cubin")]) == 1
    assert "no such file" in capsys.readouterr().err
    assert sass_loops.main([str(tmp_path)]) == 1
    assert "no .cubin" in capsys.readouterr().err
    (tmp_path / "k.cubin").write_bytes(b"")
    assert sass_loops.main([str(tmp_path)]) == 1
    assert "bad input" in capsys.readouterr().err
    assert sass_loops.main(["--cuobjdump", str(tmp_path / "nope"),
                            str(tmp_path)]) == 1
    assert "not an executable" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        sass_loops.main(["--loops", "0", str(tmp_path)])
    assert os.path.exists(tmp_path / "k.cubin")
