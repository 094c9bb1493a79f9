"""engine_c.userfiles: a FIFO, a device or a folder named as a file to read or write is refused at
once (a FIFO would block the command forever, a device never end)."""
import os

import pytest

from engine_c.userfiles import NotRegularFile, check_writable, read_regular


def test_a_regular_file_is_read_up_to_the_limit(tmp_path):
    path = tmp_path / "a.json"
    path.write_bytes(b"0123456789")
    assert read_regular(path, 4) == b"0123"
    assert read_regular(str(path), 100) == b"0123456789"
    check_writable(path)
    check_writable(tmp_path / "new.json")
    check_writable(tmp_path)                     # a folder: the commands that write folders decide


def test_a_fifo_is_refused_without_waiting_for_a_writer_or_reader(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(NotRegularFile, match=r"^is a FIFO \(named pipe\)$"):
        read_regular(fifo, 10)                   # a blocking open would wait here forever
    with pytest.raises(NotRegularFile, match="FIFO"):
        check_writable(fifo)


def test_devices_and_folders_are_refused(tmp_path):
    with pytest.raises(NotRegularFile, match=r"^is a character device$"):
        read_regular("/dev/zero", 10)
    with pytest.raises(NotRegularFile, match="character device"):
        check_writable("/dev/null")
    with pytest.raises(IsADirectoryError):
        read_regular(tmp_path, 10)
    with pytest.raises(FileNotFoundError):
        read_regular(tmp_path / "none", 10)
